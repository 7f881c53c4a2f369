import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import { toEntity, type ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { isUnitScoped, requireEntityAccess } from '../../domain/reference-data/entity-access.ts';
import { readEntityRow } from '../../domain/reference-data/entity-rows.ts';
import { currentUsageWarehouse } from '../usage/report-scope.ts';
import { getWarehouseRow } from './list-warehouse-rows.ts';

// GET /api/{name}/{id}: one row. A unit's row for the unit or its administrators (an owner's for
// the owner alone); an operator entity's for operators, checked before the lookup. A usage
// warehouse entity's row is read from the warehouse (list-warehouse-rows.ts).
export const getReferenceRowRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    const unitField = definition.unitField ?? 'userId';
    app.get(`/api/${definition.name}/:id`, { schema: { params: definition.schemas.params, response: { 200: definition.schemas.entity } } }, async (request) => {
      const session = requireUser(request);
      const { sql } = app.deps;
      if (!isUnitScoped(definition)) await requireEntityAccess(sql, session, definition, []);
      if (definition.warehouse) {
        const entity = await getWarehouseRow(sql, await currentUsageWarehouse(app.deps), definition, request.params.id);
        if (!entity) throw notFound();
        await requireEntityAccess(sql, session, definition, [Number(entity[unitField])]);
        return entity;
      }
      const row = await readEntityRow(sql, definition, request.params.id);
      if (!row) throw notFound();
      if (isUnitScoped(definition)) await requireEntityAccess(sql, session, definition, [Number(row[unitField])]);
      return toEntity(definition, row);
    });
  };
