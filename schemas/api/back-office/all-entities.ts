import { Activity, ActivityChange, ActivityList, ActivityQuery, EntityParams, NewActivity, NewResident, Resident, ResidentChange, ResidentList, ResidentQuery } from '../residents.ts';
import type { EntitySchemas } from './entity-schema.ts';
import {
  contactEntity,
  defaultMessageRecipientEntity,
  eventEntity,
  ugRecipeTimingEntity,
  ugRecurringRecipeTimingEntity,
  userEntity,
  userGroupCategoryEntity,
  userGroupEntity,
  userGroupItemEntity,
} from './group-entities.ts';
import { artistEntity, audioFileEntity, categoryEntity, fileEntity, recipeEntity, recipeItemEntity } from './library-entities.ts';
import { appTaskEntity } from './app-task-entity.ts';
import {
  evaluationEntity,
  favoritesEntity,
  loggingEntity,
  messageEntity,
  messageItemEntity,
  messageItemReplyEntity,
  userTagEntity,
  userTagGroupEntity,
} from './read-entities.ts';
import { audioFileLogEntity, detailedUsageReportEntity, searchLogEntity, usageReportEntity, userReportEntity } from './usage-entities.ts';

// Every entity of the generic data pattern, as the browser sees it: the operator console (issue 18
// item 6) builds its side list, lists, filters and forms from this one list, so an entity added
// here appears there without console code. domain/reference-data/console-entities.unit.spec.ts
// fails while this list and the server's registry (entity-registry.ts) disagree.

export interface ConsoleEntity {
  schemas: EntitySchemas;
  /** The table whose changes the audit log (`logging.table`) records; absent for read models. */
  auditTable?: string;
}

// Residents and activities predate entitySchemas (their schemas are the settings screens' own):
// the same parts, named for the console.
const residentSchemas: EntitySchemas = {
  name: 'residents',
  entity: Resident,
  list: ResidentList,
  query: ResidentQuery,
  params: EntityParams,
  create: NewResident,
  change: ResidentChange,
  writable: ['firstName', 'lastName', 'identification', 'userId', 'userTagGroupId', 'active'],
  sorts: ['name-asc'],
};

const activitySchemas: EntitySchemas = {
  name: 'activities',
  entity: Activity,
  list: ActivityList,
  query: ActivityQuery,
  params: EntityParams,
  create: NewActivity,
  change: ActivityChange,
  writable: ['name', 'userId', 'active'],
  sorts: ['name-asc'],
};

export const allEntitySchemas: readonly ConsoleEntity[] = [
  { schemas: activitySchemas, auditTable: 'activities' },
  { schemas: appTaskEntity, auditTable: 'app_tasks' },
  { schemas: artistEntity, auditTable: 'artists' },
  { schemas: audioFileLogEntity },
  { schemas: audioFileEntity, auditTable: 'audio_files' },
  { schemas: categoryEntity, auditTable: 'categories' },
  { schemas: contactEntity, auditTable: 'contacts' },
  { schemas: defaultMessageRecipientEntity, auditTable: 'default_message_recipients' },
  { schemas: detailedUsageReportEntity },
  { schemas: evaluationEntity },
  { schemas: eventEntity, auditTable: 'unit_events' },
  { schemas: favoritesEntity },
  { schemas: fileEntity, auditTable: 'files' },
  { schemas: loggingEntity },
  { schemas: messageItemReplyEntity },
  { schemas: messageItemEntity },
  { schemas: messageEntity },
  { schemas: recipeItemEntity, auditTable: 'recipe_items' },
  { schemas: recipeEntity, auditTable: 'recipes' },
  { schemas: residentSchemas, auditTable: 'residents' },
  { schemas: searchLogEntity },
  { schemas: ugRecipeTimingEntity, auditTable: 'ug_recipe_timings' },
  { schemas: ugRecurringRecipeTimingEntity, auditTable: 'ug_recurring_recipe_timings' },
  { schemas: usageReportEntity },
  { schemas: userGroupCategoryEntity, auditTable: 'user_group_categories' },
  { schemas: userGroupItemEntity, auditTable: 'user_group_items' },
  { schemas: userGroupEntity, auditTable: 'user_groups' },
  { schemas: userReportEntity },
  { schemas: userTagGroupEntity },
  { schemas: userTagEntity },
  { schemas: userEntity, auditTable: 'users' },
];
