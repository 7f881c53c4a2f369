import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { columnsOf, toEntity, unitColumn, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { isUnitScoped, requireEntityAccess } from '../../domain/reference-data/entity-access.ts';
import { readEntityRow, requireReferencedRows, withConstraintsNamed } from '../../domain/reference-data/entity-rows.ts';
import { lockRow, updateAuditedRow } from './audited-row.ts';

// PUT /api/{name}/{id} {whole row or part of it}: changes a row, including the active flag the
// trash toggle flips (spec 3 section 4), with its audit row. Fields left out keep their values; an
// unchanged row writes nothing. A unit's row: the unit or its administrators, and moving it to
// another unit needs access to both. Operator entities: operators, checked before the row is
// looked up so a caller without access learns nothing about which ids exist.
export const updateReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    const { change, params } = definition.schemas;
    if (!change) return;
    const unitField = definition.unitField ?? 'userId';
    app.put(`/api/${definition.name}/:id`, { schema: { params, body: change, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { body } = request;
      const { id } = request.params;
      const { sql } = app.deps;
      if (!isUnitScoped(definition)) await requireEntityAccess(sql, session, definition, []);
      const row = await withConstraintsNamed(definition, () =>
        sql.transaction(async (tx) => {
          const old = await lockRow<{ id: number } & Record<string, unknown>>(tx, definition.table, id);
          if (!old) throw notFound();
          if (isUnitScoped(definition)) {
            const moved = body[unitField];
            await requireEntityAccess(tx, session, definition, [Number(old[unitColumn(definition)]), ...(moved === undefined ? [] : [Number(moved)])]);
          }
          await requireReferencedRows(tx, definition, body);
          const updated = await updateAuditedRow(tx, definition.table, old, columnsOf(definition, body), session.userId, `PUT /api/${definition.name}/${id}`, definition.touched);
          if (updated !== old) await definition.afterChange?.(tx, old, updated);
          return readEntityRow(tx, definition, id);
        }),
      );
      return toEntity(definition, row ?? {});
    });
  };
