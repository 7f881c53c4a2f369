import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { columnsOf, toEntity, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { isUnitScoped, requireCreateAccess } from '../../domain/reference-data/entity-access.ts';
import { readEntityRow, requireReferencedRows, withConstraintsNamed } from '../../domain/reference-data/entity-rows.ts';
import { insertAuditedRow } from './audited-row.ts';

// POST /api/{name} {fields}: a new row with its audit row (domain/reference-data/reference-table.ts).
// A unit's row goes to the caller's unit unless it names one they administer; creating may need a
// config flag (canCreateResidents, canCreateActivities); operator entities need an operator. What
// a field may hold is the create schema's to say, which rows it may name the referenced table's.
// Nothing is written when anything is refused.
export const createReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    const { create } = definition.schemas;
    if (!create) return;
    const path = `/api/${definition.name}`;
    const unitField = definition.unitField ?? 'userId';
    app.post(path, { schema: { body: create, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { sql } = app.deps;
      const body = isUnitScoped(definition) ? { ...request.body, [unitField]: request.body[unitField] ?? session.userId } : request.body;
      await requireCreateAccess(sql, session, definition, isUnitScoped(definition) ? [Number(body[unitField])] : []);
      await requireReferencedRows(sql, definition, body);
      const values = { ...columnsOf(definition, body), ...definition.inserted?.(session.userId) };
      const row = await withConstraintsNamed(definition, () =>
        sql.transaction(async (tx) => {
          const inserted = await insertAuditedRow<{ id: number }>(tx, definition.table, values, session.userId, `POST ${path}`);
          return readEntityRow(tx, definition, inserted.id);
        }),
      );
      return toEntity(definition, row ?? {});
    });
  };
