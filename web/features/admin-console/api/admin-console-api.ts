import { z } from 'zod';
import type { EntitySchemas } from '../../../../schemas/api/back-office/entity-schema.ts';
import { loggingEntity } from '../../../../schemas/api/back-office/read-entities.ts';
import { AdminUiStateResult, EmptyResult } from '../../../../schemas/api/back-office-requests.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The generic data pattern's four routes (docs/back-office.md) and the typed requests, for any
// entity the console lists. Answers are checked against the entity's own schema.

export type Row = Record<string, unknown> & { id: number | string };

export const queryEntity = (schemas: EntitySchemas, body: Record<string, unknown>) =>
  apiRequest(`/api/get/${schemas.name}`, { method: 'POST', body, schema: schemas.list as unknown as z.ZodType<{ items: Row[]; totalCount: number }> });

export const createEntity = (schemas: EntitySchemas, body: Record<string, unknown>) =>
  apiRequest(`/api/${schemas.name}`, { method: 'POST', body, schema: schemas.entity as unknown as z.ZodType<Row> });

export const changeEntity = (schemas: EntitySchemas, id: number | string, body: Record<string, unknown>) =>
  apiRequest(`/api/${schemas.name}/${encodeURIComponent(String(id))}`, { method: 'PUT', body, schema: schemas.entity as unknown as z.ZodType<Row> });

/** A row's audit trail: the logging rows of its table naming its id, newest first. */
export const rowHistory = (table: string, id: number) =>
  apiRequest(`/api/get/${loggingEntity.name}`, { method: 'POST', body: { tables: [table], rowIds: [id], sort: 'id-desc', limit: 200 }, schema: loggingEntity.list });

export const runTypedRequest = (type: string, body: Record<string, unknown>) =>
  apiRequest(`/api/requests/${type}`, { method: 'POST', body, schema: z.unknown() });

/** The console's own state, kept per operator on the server (get-/set-admin-ui-state): the entity last open. */
export const getConsoleState = () => apiRequest('/api/requests/get-admin-ui-state', { method: 'POST', body: {}, schema: AdminUiStateResult });

export const setConsoleState = (state: { entity: string }) => apiRequest('/api/requests/set-admin-ui-state', { method: 'POST', body: { state }, schema: EmptyResult });
