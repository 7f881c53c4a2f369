import { describe, expect, it } from 'vitest';
import { allEntitySchemas } from '../../schemas/api/back-office/all-entities.ts';
import { entityRegistry } from './entity-registry.ts';

// The operator console (web) reads schemas/api/back-office/all-entities.ts, the server serves
// entityRegistry: an entity in one and not the other would be a route the console cannot reach or
// a console page without a route, and a wrong audit table an always-empty history tab.

describe('the console entity list', () => {
  it('names the same entities as the server registry, in its order', () => {
    expect(allEntitySchemas.map((e) => e.schemas.name)).toEqual(entityRegistry.map((e) => e.name));
  });

  it('reads the history of each writable entity from the table its changes are audited in', () => {
    const audited = Object.fromEntries(entityRegistry.filter((e) => e.schemas.create).map((e) => [e.name, e.table]));
    const console = Object.fromEntries(allEntitySchemas.filter((e) => e.schemas.create).map((e) => [e.schemas.name, e.auditTable]));
    expect(console).toEqual(audited);
  });

  it('uses the same schemas as the server for the entities it shares', () => {
    for (const { schemas } of allEntitySchemas) {
      const served = entityRegistry.find((e) => e.name === schemas.name)!;
      expect(schemas.query, schemas.name).toBe(served.schemas.query);
      expect(schemas.create, schemas.name).toBe(served.schemas.create);
    }
  });
});
