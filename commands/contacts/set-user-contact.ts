import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserContactRequest } from '../../schemas/api/user-group-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { setContactAudience, unitAudience } from './contact-audiences.ts';

// set-user-contact {contactIds, userIds, value} (spec 3 section 7): shows the contacts (someone a
// unit can reach: a nurse, the service desk) to the units, or stops showing them.

export const setUserContactRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Adds (value true) or removes (false) the users in every contact's users (the units it is shown to); answers how many contacts changed.",
  body: SetUserContactRequest,
  result: ChangedResult,
  handle: (request, body) => setContactAudience(request, unitAudience, body.contactIds, body.userIds, body.value, 'set-user-contact'),
});
