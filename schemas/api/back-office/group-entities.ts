import { z } from 'zod';
import { Day, Id, IdList, Instant, LongText, Name, ShortText, entitySchemas } from './entity-schema.ts';

// Users, groups, their memberships and categories, contacts, calendar events and recipe timings
// (spec 3 section 3 admin data definitions). Who may use which is the registry's to say
// (domain/reference-data/entity-registry.ts, docs/back-office.md).

const optionalText = ShortText.nullable();

/** Spec 3 section 6 group membership modes. */
export const userGroupItemModes = ['ReadOnly', 'ReadWrite', 'Admin', 'MessageSender', 'MessageSenderToGroup', 'GroupMessageReceiver', 'GroupMessageSender'] as const;
/** UserGroupCategory mode: none (null), trackUsage or targetable (spec 3 section 4). */
export const userGroupCategoryModes = ['trackUsage', 'targetable'] as const;
export const languages = ['fin', 'swe', 'swe2', 'eng'] as const;

export const userGroupEntity = entitySchemas('user-groups', {
  fields: {
    name: Name,
    messagesName: optionalText,
    description: LongText.nullable(),
    addressStreet: optionalText,
    addressCity: optionalText,
    addressPostalCode: ShortText.max(20).nullable(),
    addressCountry: optionalText,
    infoFileId: Id.nullable(),
    footerFileId: Id.nullable(),
    dailyReport: z.boolean(),
    active: z.boolean(),
  },
  required: ['name'],
  sorts: ['name-asc', 'id-desc'],
});

export const userGroupItemEntity = entitySchemas('user-group-items', {
  fields: { userGroupId: Id, userId: Id, mode: z.enum(userGroupItemModes), active: z.boolean() },
  required: ['userGroupId', 'userId'],
  query: { userIds: IdList.optional(), userGroupIds: IdList.optional() },
  sorts: ['id-asc', 'id-desc'],
});

export const userGroupCategoryEntity = entitySchemas('user-group-categories', {
  fields: { userGroupId: Id, categoryId: Id, mode: z.enum(userGroupCategoryModes).nullable(), active: z.boolean() },
  required: ['userGroupId', 'categoryId'],
  query: { userGroupIds: IdList.optional(), categoryIds: IdList.optional() },
  sorts: ['id-asc', 'id-desc'],
});

export const contactEntity = entitySchemas('contacts', {
  fields: {
    name: Name,
    title: optionalText,
    organization: optionalText,
    address: optionalText,
    email: z.email().max(200).nullable(),
    phone: ShortText.max(50).nullable(),
    active: z.boolean(),
    users: IdList,
    userGroups: IdList,
  },
  required: ['name'],
  query: { userIds: IdList.optional(), userGroupIds: IdList.optional() },
  sorts: ['id-desc', 'name-asc'],
});

export const userEntity = entitySchemas('users', {
  fields: {
    name: SafeLogin(),
    clientName: optionalText,
    firstName: optionalText,
    lastName: optionalText,
    email: z.email().max(200).nullable(),
    organization: optionalText,
    language: z.enum(languages),
    userGroupId: Id.nullable(),
    timingsUserGroupId: Id.nullable(),
    residentId: Id.nullable(),
    contractStartDate: Day.nullable(),
    contractEndDate: Day.nullable(),
    // Spec 1 section 2: the Info button's and the footer's HTML files, when the user has no Info or
    // Footer instructions of their own (the user may read them: domain/files/file-access.ts).
    infoFileId: Id.nullable(),
    footerFileId: Id.nullable(),
    active: z.boolean(),
  },
  required: ['name'],
  // Never a password, token or reset code: those are not the back office's to read.
  readOnly: { insertedByUserId: z.number().nullable(), operator: z.boolean() },
  query: { userGroupIds: IdList.optional() },
  sorts: ['name-asc', 'user-group-name-asc', 'contract-start-date-desc'],
});

/** A login name: letters, digits and a few separators, as the login form takes them. */
function SafeLogin() {
  return ShortText.min(1, 'Must not be empty').regex(/^[\p{L}\p{N}._@+-]+$/u, 'Letters, digits and . _ @ + - only');
}

export const defaultMessageRecipientEntity = entitySchemas('default-message-recipients', {
  fields: { srcUserId: Id, dstUserId: Id, recipientName: optionalText, active: z.boolean() },
  required: ['srcUserId', 'dstUserId'],
  query: { userIds: IdList.optional() },
  sorts: ['id-asc', 'id-desc'],
});

export const eventEntity = entitySchemas('events', {
  fields: { time: Instant, userId: Id, userGroupId: Id.nullable(), comment: LongText.nullable(), active: z.boolean() },
  required: ['time', 'userId'],
  readOnly: { createdByUserId: z.number().nullable() },
  query: { userIds: IdList.optional(), userGroupIds: IdList.optional(), startTime: Instant.optional(), endTime: Instant.optional() },
  sorts: ['time-desc', 'time-asc'],
});

export const ugRecipeTimingEntity = entitySchemas('ug-recipe-timings', {
  fields: { userGroupId: Id, recipeId: Id, day: Day },
  required: ['userGroupId', 'recipeId', 'day'],
  query: { userGroupIds: IdList.optional(), recipeIds: IdList.optional(), firstDay: Day.optional(), lastDay: Day.optional() },
  sorts: ['day-asc', 'day-desc'],
});

export const ugRecurringRecipeTimingEntity = entitySchemas('ug-recurring-recipe-timings', {
  fields: {
    recipeId: Id,
    userGroupId: Id,
    month: z.number().int().min(1).max(12).nullable(),
    day: z.number().int().min(1).max(31).nullable(),
    week: z.number().int().min(1).max(53).nullable(),
    special: z.boolean(),
  },
  required: ['recipeId', 'userGroupId'],
  query: { userGroupIds: IdList.optional(), recipeIds: IdList.optional(), special: z.boolean().optional() },
  sorts: ['id-asc', 'id-desc'],
});
