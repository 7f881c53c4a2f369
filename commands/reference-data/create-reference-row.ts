import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { columnsOf, toEntity, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { requireFlag, requireUnitsOf } from '../../domain/reference-data/unit-access.ts';
import { insertAuditedRow } from './audited-row.ts';

// POST /api/{name} {fields, userId?}: a new row of the caller's unit (or of a unit they
// administer), with its audit row. Needs the table's create flag (canCreateResidents,
// canCreateActivities); what a field may hold is the create schema's to say.
export const createReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    const path = `/api/${definition.name}`;
    app.post(path, { schema: { body: definition.schemas.create, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { sql } = app.deps;
      const userId = request.body.userId ?? session.userId;
      if (definition.createFlag) await requireFlag(sql, session, definition.createFlag);
      await requireUnitsOf(sql, session, [userId]);
      const values = columnsOf(definition, { ...request.body, userId });
      const row = await sql.transaction((tx) => insertAuditedRow(tx, definition.table, values, session.userId, `POST ${path}`));
      return toEntity(definition, row);
    });
  };
