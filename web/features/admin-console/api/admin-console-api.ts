import type { z } from 'zod';
import type { EntitySchemas } from '../../../../schemas/api/back-office/entity-schema.ts';
import { loggingEntity } from '../../../../schemas/api/back-office/read-entities.ts';
import type { AdminUiStateResult, EmptyResult } from '../../../../schemas/api/back-office-requests.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The generic data pattern's four routes (docs/back-office.md) and the typed requests, for any
// entity the console lists. Answers are typed as the entity's rows: the server serialises them
// through the entity's own schema.

export type Row = Record<string, unknown> & { id: number | string };

export const queryEntity = (schemas: EntitySchemas, body: Record<string, unknown>) =>
  apiRequest<{ items: Row[]; totalCount: number }>(`/api/get/${schemas.name}`, { method: 'POST', body });

export const createEntity = (schemas: EntitySchemas, body: Record<string, unknown>) =>
  apiRequest<Row>(`/api/${schemas.name}`, { method: 'POST', body });

export const changeEntity = (schemas: EntitySchemas, id: number | string, body: Record<string, unknown>) =>
  apiRequest<Row>(`/api/${schemas.name}/${encodeURIComponent(String(id))}`, { method: 'PUT', body });

/** A row's audit trail: the logging rows of its table naming its id, newest first. */
export const rowHistory = (table: string, id: number) =>
  apiRequest<z.infer<typeof loggingEntity.list>>(`/api/get/${loggingEntity.name}`, { method: 'POST', body: { tables: [table], rowIds: [id], sort: 'id-desc', limit: 200 } });

export const runTypedRequest = (type: string, body: Record<string, unknown>) =>
  apiRequest<unknown>(`/api/requests/${type}`, { method: 'POST', body });

// The part of the OpenAPI document the Requests view reads: each typed request's description.
interface OpenApiPaths {
  paths: Record<string, { post?: { description?: string } }>;
}
const typedRequestPath = /^\/api\/requests\/([a-z0-9-]+)$/;

export interface TypedRequestDoc {
  effect: string;
  permission: string;
}

/**
 * What each typed request does and who may send it: the catalogue's own sentences as the server
 * documents them in GET /api/openapi.json (`<effect> Who may: <permission>`, operators only like
 * the console), so the console repeats no text of the server's.
 */
export async function typedRequestDocs(): Promise<Record<string, TypedRequestDoc>> {
  const { paths } = await apiRequest<OpenApiPaths>('/api/openapi.json');
  const docs: Record<string, TypedRequestDoc> = {};
  for (const [path, item] of Object.entries(paths)) {
    const type = typedRequestPath.exec(path)?.[1];
    const description = item.post?.description;
    if (!type || !description) continue;
    const [effect = '', permission = ''] = description.split(' Who may: ');
    docs[type] = { effect, permission };
  }
  return docs;
}

/** The console's own state, kept per operator on the server (get-/set-admin-ui-state): the entity last open. */
export const getConsoleState = () => apiRequest<AdminUiStateResult>('/api/requests/get-admin-ui-state', { method: 'POST', body: {} });

export const setConsoleState = (state: { entity: string }) => apiRequest<EmptyResult>('/api/requests/set-admin-ui-state', { method: 'POST', body: { state } });
