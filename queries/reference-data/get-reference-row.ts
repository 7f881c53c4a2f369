import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { EntityParams } from '../../schemas/api/residents.ts';
import { selectedColumns, toEntity, unitColumn, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { requireUnitsOf } from '../../domain/reference-data/unit-access.ts';

// GET /api/{name}/{id}: one row of the caller or of a unit they administer.
export const getReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    app.get(`/api/${definition.name}/:id`, { schema: { params: EntityParams, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { sql } = app.deps;
      const [row] = await sql.query(`SELECT ${selectedColumns(definition).join(', ')} FROM ${definition.table} WHERE id = $1`, [request.params.id]);
      if (!row) throw notFound();
      await requireUnitsOf(sql, session, [Number(row[unitColumn(definition)])]);
      return toEntity(definition, row);
    });
  };
