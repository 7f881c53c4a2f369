import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { EntityParams } from '../../schemas/api/residents.ts';
import { columnsOf, toEntity, unitColumn, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { requireUnitsOf } from '../../domain/reference-data/unit-access.ts';
import { lockRow, updateAuditedRow } from './audited-row.ts';

// PUT /api/{name}/{id} {whole row or part of it}: changes a row of the caller's unit (or of a unit
// they administer), including the active flag the trash toggle flips (spec 3 section 4). Fields
// left out keep their values; moving a row to another unit needs access to both.
export const updateReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    app.put(`/api/${definition.name}/:id`, { schema: { params: EntityParams, body: definition.schemas.change, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { body, params } = request;
      const row = await app.deps.sql.transaction(async (tx) => {
        const old = await lockRow<{ id: number } & Record<string, unknown>>(tx, definition.table, params.id);
        if (!old) throw notFound();
        await requireUnitsOf(tx, session, [Number(old[unitColumn(definition)]), ...(body.userId === undefined ? [] : [body.userId])]);
        return updateAuditedRow(tx, definition.table, old, columnsOf(definition, body), session.userId, `PUT /api/${definition.name}/${params.id}`);
      });
      return toEntity(definition, row);
    });
  };
