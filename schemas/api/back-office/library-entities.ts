import { z } from 'zod';
import { AudioFileType, CategoryType, ContentType, audioFileSorts } from '../library.ts';
import { Id, IdList, Instant, LongText, Name, ShortText, entitySchemas } from './entity-schema.ts';

// The content library's admin data definitions (spec 3 section 3): operators edit them; every
// change is audited in `logging`. Categories and artists of an audio file, and categories of a
// file, are set by the typed requests (set-audio-file-categories, set-audio-file-artists,
// set-file-categories), not by these fields.

const optionalText = ShortText.nullable();
const Seconds = z.number().int().nonnegative().max(1_000_000);
const Priority = z.number().int().min(-1_000_000).max(1_000_000);

export const artistEntity = entitySchemas('artists', {
  fields: { name: Name, firstName: optionalText, lastName: optionalText, group: z.boolean(), info: LongText.nullable(), active: z.boolean() },
  required: ['name'],
  sorts: ['name-asc', 'id-desc'],
});

export const audioFileEntity = entitySchemas('audio-files2', {
  fields: {
    type: AudioFileType,
    name: Name,
    stageTitle: optionalText,
    composer: optionalText,
    artist: optionalText,
    description: LongText.nullable(),
    stageDescription: LongText.nullable(),
    track: z.number().int().nonnegative().max(100_000).nullable(),
    album: optionalText,
    fileId: Id.nullable(),
    imageId: Id.nullable(),
    originalFileId: Id.nullable(),
    discCode: optionalText,
    length: Seconds,
    fileTime: Instant.nullable(),
    active: z.boolean(),
  },
  required: ['name'],
  readOnly: { categoryIds: z.array(z.number()), artistIds: z.array(z.number()), modifiedAt: z.string() },
  query: { type: z.array(AudioFileType).max(2).optional(), categoryIds: IdList.optional(), artistIds: IdList.optional(), fileIds: IdList.optional() },
  sorts: audioFileSorts,
});

export const categoryEntity = entitySchemas('categories2', {
  fields: {
    name: Name,
    type: CategoryType,
    description: LongText.nullable(),
    contentType: ContentType.nullable(),
    contentTypePriority: Priority,
    usageReport: z.enum(['targetable', 'report']).nullable(),
    active: z.boolean(),
  },
  required: ['name'],
  readOnly: { audioFileCount: z.number() },
  query: { type: z.array(CategoryType).max(3).optional() },
  sorts: ['name-asc', 'id-desc'],
});

export const fileEntity = entitySchemas('files2', {
  fields: {
    name: Name,
    description: LongText.nullable(),
    contentType: ShortText.min(1),
    userId: Id.nullable(),
    userGroupId: Id.nullable(),
    vimeoLink: z.url({ protocol: /^https$/ }).max(2000).nullable(),
    active: z.boolean(),
  },
  required: ['name', 'contentType'],
  // A file row made here is a link (a Vimeo video): uploads make the rows with stored bytes.
  readOnly: { objectKey: z.string(), size: z.number(), time: z.string(), hasObject: z.boolean() },
  query: { userIds: IdList.optional(), userGroupIds: IdList.optional() },
  sorts: ['id-desc', 'name-asc'],
});

export const recipeEntity = entitySchemas('recipes2', {
  fields: { name: Name, description: LongText.nullable(), author: optionalText, searchPriority: Priority, active: z.boolean() },
  required: ['name'],
  readOnly: { insertionTime: z.string() },
  sorts: ['name-asc', 'id-desc'],
});

export const recipeItemTypes = ['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio'] as const;

export const recipeItemEntity = entitySchemas('recipe-items2', {
  fields: { recipeId: Id, type: z.enum(recipeItemTypes), order: z.number().int().min(0).max(100_000), audioFileId: Id.nullable(), active: z.boolean() },
  required: ['recipeId', 'type'],
  query: { recipeIds: IdList.optional() },
  sorts: ['order-asc', 'id-desc'],
});
