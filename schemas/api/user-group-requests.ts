import { z } from 'zod';
import { Id } from '../common/safe.ts';
import { userGroupCategoryModes, userGroupItemModes } from './back-office/group-entities.ts';

// Props of the typed requests about user groups, their members, contacts and contents (spec 3
// section 7; issue 18 item 2). Answers are ChangedResult (back-office-requests.ts) unless noted.
// Every list is bounded; an id that names no row is a ValidationError naming the field.

const ids = z.array(Id).min(1).max(1000);

/** Copies the source user's settings (key/value) to the users; with userGroupItems, also their group memberships. */
export const CopyUserSettingsRequest = z.strictObject({
  fromUserId: Id,
  toUserIds: ids,
  settings: z.strictObject({ userGroupItems: z.boolean().default(false) }).default({ userGroupItems: false }),
});

/** The source groups' categories (with their modes), recipes and files, added to the group. */
export const CopyUserGroupContentsRequest = z.strictObject({ fromUserGroupIds: ids, toUserGroupId: Id });

/** Every user made a member of every group, in the mode (spec 3 section 6). */
export const AddUserGroupItemsRequest = z.strictObject({ userIds: ids, userGroupIds: ids, mode: z.enum(userGroupItemModes).default('ReadOnly') });
export const SetUserGroupItemsActiveRequest = z.strictObject({ ids, active: z.boolean() });

/** The users' group (or none: null). The same shape sets the instructions group and the timings group. */
export const SetUsersUserGroupRequest = z.strictObject({ userIds: ids, userGroupId: Id.nullable() });

/** value true shows the contacts to the users (or groups); false stops showing them. */
export const SetUserContactRequest = z.strictObject({ contactIds: ids, userIds: ids, value: z.boolean() });
export const SetUserGroupContactRequest = z.strictObject({ contactIds: ids, userGroupIds: ids, value: z.boolean() });

/**
 * value true: the groups see the categories, in `mode` (null: shown only; trackUsage: counted in
 * the usage report; targetable: also has a monthly target there); false: no longer.
 */
export const SetUserGroupCategoriesRequest = z.strictObject({
  userGroupIds: ids,
  categoryIds: ids,
  value: z.boolean(),
  mode: z.enum(userGroupCategoryModes).nullable().default(null),
});
export const SetUserGroupRecipesRequest = z.strictObject({ userGroupIds: ids, recipeIds: ids, value: z.boolean() });
export const SetUserGroupFilesRequest = z.strictObject({ userGroupIds: ids, fileIds: ids, value: z.boolean() });
