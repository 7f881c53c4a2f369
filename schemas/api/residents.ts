import { z } from 'zod';
import { SafeText } from '../common/safe.ts';

// Residents (participants) and activities of a care unit (spec 3 sections 2, 3 and 7), with the
// generic data pattern: POST /api/get/{entity} queries, POST /api/{entity} creates, PUT
// /api/{entity}/{id} updates (the whole row, including the active flag the trash toggle flips),
// GET /api/{entity}/{id} fetches one.
//
//   POST /api/get/residents    ResidentQuery  -> ResidentList
//   POST /api/residents        NewResident    -> Resident   (config canCreateResidents)
//   PUT  /api/residents/{id}   ResidentChange -> Resident
//   GET  /api/residents/{id}                  -> Resident
//   POST /api/get/activities   ActivityQuery  -> ActivityList
//   POST /api/activities       NewActivity    -> Activity   (config canCreateActivities)
//   PUT  /api/activities/{id}  ActivityChange -> Activity
//   GET  /api/activities/{id}                 -> Activity
//
// A user reads and changes their own rows and those of the users they administer (adminOfUsers);
// anything else is AccessDenied.

const maxId = 2_147_483_647;
const id = z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/, 'Expected an id').transform(Number)]).pipe(z.number().int().nonnegative().max(maxId));
const ids = z.array(id).max(1000);

export const EntityParams = z.object({ id });

const paging = {
  offset: z.number().int().nonnegative().max(1_000_000).default(0),
  limit: z.number().int().positive().max(1000).default(1000),
};

// ---------------------------------------------------------------------------------------------
// Residents

export const Resident = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** e.g. a room number, to tell namesakes apart. */
  identification: z.string().nullable(),
  userId: z.number().int(),
  userTagGroupId: z.number().int().nullable(),
  active: z.boolean(),
});
export type Resident = z.infer<typeof Resident>;

export const ResidentQuery = z.strictObject({
  ids: ids.optional(),
  /** Whose residents; default the caller. */
  userIds: ids.optional(),
  /** Matches first name, last name or identification (case-insensitive substring). */
  query: SafeText.max(200).optional(),
  /** Only active (true) or only inactive (false) rows; both when absent. */
  active: z.boolean().optional(),
  sort: z.enum(['name-asc']).optional(),
  ...paging,
});
export type ResidentQuery = z.infer<typeof ResidentQuery>;

export const ResidentList = z.object({ items: z.array(Resident), totalCount: z.number().int() });
export type ResidentList = z.infer<typeof ResidentList>;

const name = SafeText.trim().max(200);

// Strict (issue 18: an unknown field is a ValidationError naming it), but the browser sends whole
// entities, so `id` is taken and ignored: the path names the row.
const ignoredId = { id: id.optional() };

export const NewResident = z.strictObject({
  ...ignoredId,
  firstName: name.default(''),
  lastName: name.default(''),
  identification: SafeText.trim().max(200).nullable().default(null),
  /** The unit the resident belongs to; default the caller. */
  userId: id.optional(),
  userTagGroupId: id.nullable().default(null),
  active: z.boolean().default(true),
});
export type NewResident = z.infer<typeof NewResident>;

/** The whole resident: fields left out keep their stored values. */
export const ResidentChange = z.strictObject({
  ...ignoredId,
  firstName: name.optional(),
  lastName: name.optional(),
  identification: SafeText.trim().max(200).nullable().optional(),
  /** Moving a resident to another unit needs access to both. */
  userId: id.optional(),
  userTagGroupId: id.nullable().optional(),
  active: z.boolean().optional(),
});
export type ResidentChange = z.infer<typeof ResidentChange>;

// ---------------------------------------------------------------------------------------------
// Activities

export const Activity = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int(),
  active: z.boolean(),
});
export type Activity = z.infer<typeof Activity>;

export const ActivityQuery = z.strictObject({
  ids: ids.optional(),
  userIds: ids.optional(),
  /** Case-insensitive substring of the name. */
  query: SafeText.max(200).optional(),
  active: z.boolean().optional(),
  sort: z.enum(['name-asc']).optional(),
  ...paging,
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityList = z.object({ items: z.array(Activity), totalCount: z.number().int() });
export type ActivityList = z.infer<typeof ActivityList>;

/** Spec 3 section 5: an activity is valid only when its name is not empty. */
const activityName = SafeText.trim().min(1, 'Name must not be empty').max(200);

export const NewActivity = z.strictObject({
  ...ignoredId,
  name: activityName,
  userId: id.optional(),
  active: z.boolean().default(true),
});
export type NewActivity = z.infer<typeof NewActivity>;

export const ActivityChange = z.strictObject({
  ...ignoredId,
  name: activityName.optional(),
  userId: id.optional(),
  active: z.boolean().optional(),
});
export type ActivityChange = z.infer<typeof ActivityChange>;
