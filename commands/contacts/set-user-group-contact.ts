import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserGroupContactRequest } from '../../schemas/api/user-group-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { groupAudience, setContactAudience } from './contact-audiences.ts';

// set-user-group-contact {contactIds, userGroupIds, value} (spec 3 section 7): shows the contacts
// to every unit of the groups, or stops showing them.

export const setUserGroupContactRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Adds (value true) or removes (false) the user groups in every contact's userGroups (the groups it is shown to); answers how many contacts changed.",
  body: SetUserGroupContactRequest,
  result: ChangedResult,
  handle: (request, body) => setContactAudience(request, groupAudience, body.contactIds, body.userGroupIds, body.value, 'set-user-group-contact'),
});
