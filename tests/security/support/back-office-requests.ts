import { entityRegistry } from '../../../domain/reference-data/entity-registry.ts';
import type { ReferenceTable } from '../../../domain/reference-data/reference-table.ts';
import { projectAll } from '../../../projections/engine/project-all.ts';
import { messagesProjector } from '../../../projections/postgres/messages.ts';
import { entityCases, firstUsageRow, type AsUnit, type EntityWorld } from '../../http/support/entity-cases.ts';
import type { Row } from './expectations.ts';
import type { RequestBuilder } from './route-requests.ts';
import { secretMarker, type Role, type SecurityScenario } from './scenario.ts';

// The back office's generic data pattern in the authorisation table (issue 18): each entity of
// domain/reference-data/entity-registry.ts gives its routes (four, or two when read-only) one row of
// expectations, written per entity in authorization.int.spec.ts, and one request each, built from
// the entity's case in tests/http/support/entity-cases.ts and aimed at a row of the caregiver unit
// (unit entities) or of the back office (operator entities).

/** The routes of an entity, keyed like Fastify's. */
export function entityRoutes(definition: ReferenceTable): string[] {
  const name = definition.name;
  return [`POST /api/get/${name}`, `GET /api/${name}/:id`, ...(definition.schemas.create ? [`POST /api/${name}`, `PUT /api/${name}/:id`] : [])];
}

/** One row of expectations per entity, on each of its routes. */
export function backOfficeRows(rows: Record<string, Row>): Record<string, Row> {
  const missing = entityRegistry.filter((d) => !rows[d.name]).map((d) => d.name);
  if (missing.length > 0) throw new Error(`no authorisation row for the entities ${missing.join(', ')}`);
  return Object.fromEntries(entityRegistry.flatMap((d) => entityRoutes(d).map((route) => [route, rows[d.name]!])));
}

const worlds = new WeakMap<SecurityScenario, Promise<EntityWorld>>();
const madeRows = new WeakMap<SecurityScenario, Map<string, Promise<number | string>>>();

function worldOf(s: SecurityScenario): Promise<EntityWorld> {
  let world = worlds.get(s);
  if (!world) {
    const id = async (text: string) => Number((await s.t.sql.query<{ id: number }>(text))[0]!.id);
    world = (async () => ({
      sql: s.t.sql,
      unit: s.ids.unit,
      userGroup: await id("INSERT INTO user_groups (name) VALUES ('Security group') RETURNING id"),
      category: s.ids.category,
      recipe: s.ids.recipe,
      audioFile: s.ids.audioFile,
      file: s.ids.imageFile,
      resident: s.ids.residentA,
      newUser: async () => (await s.t.createUser()).id,
      newCategory: () => id("INSERT INTO categories (name, type) VALUES ('Security songs', 'Music') RETURNING id"),
      // The scenario's plays and search are projected already.
      usageRow: (entity) => firstUsageRow(s.t, s.headers('caregiver'), s.ids.unit, entity),
    }))();
    worlds.set(s, world);
  }
  return world;
}

/** The rows the read-only entities' requests name: the scenario's own, made by their commands. */
const scenarioRows: Record<string, (s: SecurityScenario) => number | string | Promise<number | string>> = {
  // The audit row of the unit's change of its resident, whose identification carries the marker
  // (issue 37 item 7): the operator reads the row, never the resident's name or identification.
  logging: async (s) => {
    const url = `/api/residents/${s.ids.residentA}`;
    const response = await s.t.app.inject({ method: 'PUT', url, payload: { identification: `Room B${secretMarker}` }, headers: s.headers('caregiver') });
    if (response.statusCode !== 200) throw new Error(`PUT ${url} as the unit: ${response.statusCode} ${response.body}`);
    const [row] = await s.t.sql.query<{ id: number | string }>(`SELECT id FROM logging WHERE "table" = 'residents' AND query = $1 ORDER BY id DESC LIMIT 1`, [`PUT ${url}`]);
    return Number(row!.id);
  },
  messages2: (s) => s.ids.message,
  'message-items2': (s) => s.ids.messageItem,
  evaluations: (s) => s.ids.evaluation,
  favorites: (s) => s.ids.unit,
  'user-tag-groups2': (s) => s.ids.favoriteList,
  'user-tags': (s) => `a-${s.ids.favoriteList}-${s.ids.unit}-${s.ids.audioFile}`,
};

/** A row of the entity to fetch and change: made once per scenario by whoever writes it. */
function rowOf(s: SecurityScenario, definition: ReferenceTable): Promise<number | string> {
  let rows = madeRows.get(s);
  if (!rows) madeRows.set(s, (rows = new Map()));
  let row = rows.get(definition.name);
  if (!row) {
    row = (async () => {
      const scenarioRow = scenarioRows[definition.name];
      if (scenarioRow) return scenarioRow(s);
      const c = entityCases[definition.name]!;
      const world = await worldOf(s);
      if (c.seed) {
        // A row made by the unit through its commands (a reply), projected as the scenario's own were.
        const asUnit: AsUnit = async (method, url, payload) => {
          const response = await s.t.app.inject({ method, url, payload, headers: s.headers('caregiver') });
          if (response.statusCode !== 200) throw new Error(`${method} ${url} as the unit: ${response.statusCode} ${response.body}`);
          return response.json();
        };
        const id = await c.seed(world, asUnit);
        await projectAll({ log: s.t.store, sql: s.t.sql, projectors: [messagesProjector] });
        return id;
      }
      const writer: Role = definition.access.kind === 'operator' ? 'operator' : 'caregiver';
      const response = await s.t.app.inject({ method: 'POST', url: `/api/${definition.name}`, payload: await c.create!(world), headers: s.headers(writer) });
      if (response.statusCode !== 200) throw new Error(`POST /api/${definition.name} as ${writer}: ${response.statusCode} ${response.body}`);
      return (response.json() as { id: number }).id;
    })();
    rows.set(definition.name, row);
  }
  return row;
}

/** The request of each route of each entity. */
export const backOfficeRequests: Record<string, RequestBuilder> = Object.fromEntries(
  entityRegistry.flatMap((definition): [string, RequestBuilder][] => {
    const { name } = definition;
    const c = entityCases[name];
    if (!c) throw new Error(`no case for the entity ${name} in tests/http/support/entity-cases.ts`);
    const scope = (s: SecurityScenario) => (definition.access.kind === 'operator' ? {} : { userIds: [s.ids.unit] });
    const builders: [string, RequestBuilder][] = [
      [`POST /api/get/${name}`, async (s) => {
        const id = await rowOf(s, definition);
        return { method: 'POST', url: `/api/get/${name}`, payload: { ...scope(s), ...(typeof id === 'number' ? { ids: [id] } : {}) } };
      }],
      [`GET /api/${name}/:id`, async (s) => ({ method: 'GET', url: `/api/${name}/${await rowOf(s, definition)}` })],
    ];
    if (c.create && c.change) {
      const { create, change } = c;
      builders.push(
        [`POST /api/${name}`, async (s) => ({ method: 'POST', url: `/api/${name}`, payload: await create(await worldOf(s)) })],
        [`PUT /api/${name}/:id`, async (s) => ({ method: 'PUT', url: `/api/${name}/${await rowOf(s, definition)}`, payload: change(await worldOf(s)) })],
      );
    }
    return builders;
  }),
);
