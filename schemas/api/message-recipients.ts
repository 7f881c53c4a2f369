import { z } from 'zod';

// GET /api/message-recipients (spec 2 section 7): whom the caller may address, scoped on the
// server to their messageReceivers, active defaultMessageRecipients and messageReceiverGroups
// (migration 010). Each person as a message's recipient is shown (spec 2 section 3), with the
// messenger's resident names for a relative of a resident.

const id = z.number().int().nonnegative();

export const AddressableUser = z.object({
  id,
  name: z.string(),
  organization: z.string().nullable(),
  /** The name a default recipient goes by for this caller, else the person's client name. */
  recipientName: z.string().nullable(),
  /** A relative's resident (users.resident_id); null for anyone else. */
  residentFirstName: z.string().nullable(),
  residentLastName: z.string().nullable(),
  /** One of the caller's defaultMessageRecipients: a new conversation starts addressed to them. */
  default: z.boolean(),
});
export type AddressableUser = z.infer<typeof AddressableUser>;

export const AddressableGroup = z.object({ id, name: z.string() });

export const MessageRecipientsResponse = z.object({
  users: z.array(AddressableUser),
  groups: z.array(AddressableGroup),
});
export type MessageRecipientsResponse = z.infer<typeof MessageRecipientsResponse>;

/** No parameters; an unknown one is a ValidationError. */
export const MessageRecipientsQuery = z.strictObject({});
