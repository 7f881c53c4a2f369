import { describe, expect, it } from 'vitest';
import { entityTab } from './entity-tab.ts';
import { EntityCollection } from './entity-sync.ts';

interface Row {
  id: number;
  name: string;
  active: boolean;
}

/** Rows kept in memory; `fail` makes every call fail until it is turned off. */
function tabOver(initial: Row[]) {
  const rows = new Map(initial.map((row) => [row.id, { ...row }]));
  const server = { fail: false, queries: [] as boolean[], puts: [] as Array<Partial<Row>> };
  const check = () => {
    if (server.fail) throw new Error('Request failed');
  };
  const collection = new EntityCollection<Row, { name: string }, { active: boolean }>({
    type: 'rows',
    idOf: (row) => row.id,
    fetch: async ({ active }) => {
      server.queries.push(active);
      check();
      return { items: [...rows.values()].filter((row) => row.active === active).map((row) => ({ ...row })) };
    },
    put: async (id, change) => {
      server.puts.push(change);
      check();
      rows.set(id, { ...rows.get(id)!, ...change });
      return { ...rows.get(id)! };
    },
    entityIn: async (draft) => {
      check();
      const row = { id: rows.size + 1, name: draft.name, active: true };
      rows.set(row.id, row);
      return row;
    },
  });
  return { tab: entityTab(collection, (active) => ({ active })), collection, server };
}

describe('a settings tab over an entity collection (residents, activities)', () => {
  it('should show the active rows, and the removed ones with the trash box on', async () => {
    const { tab, collection, server } = tabOver([
      { id: 1, name: 'Aino', active: true },
      { id: 2, name: 'Eino', active: false },
    ]);
    await tab.load();
    expect(collection.items().map((row) => row.name)).toEqual(['Aino']);
    tab.showInactive(true);
    await expect.poll(() => collection.items().map((row) => row.name)).toEqual(['Eino']);
    expect(server.queries).toEqual([true, false]);
  });

  it('should move a row to the trash: flipped at once, then gone from the active view', async () => {
    const { tab, collection } = tabOver([{ id: 1, name: 'Aino', active: true }]);
    await tab.load();
    const toggled = tab.toggleActive({ id: 1, active: true });
    expect(collection.entry(1)!.value.active).toBe(false);
    await toggled;
    expect(collection.items()).toEqual([]);
    expect(tab.state.failed).toBe(false);
  });

  it('should say the request failed, and keep the row, when the toggle fails', async () => {
    const { tab, collection, server } = tabOver([{ id: 1, name: 'Aino', active: true }]);
    await tab.load();
    server.fail = true;
    await tab.toggleActive({ id: 1, active: true });
    expect(tab.state.failed).toBe(true);
    expect(collection.entry(1)!.flags.error).toBe('Request failed');
  });

  it('should save a new row and show it, with saving on only while it is sent', async () => {
    const { tab, collection } = tabOver([]);
    await tab.load();
    const saving = tab.save(null, { name: 'Uusi' });
    expect(tab.state.saving).toBe(true);
    expect(await saving).toBe(true);
    expect(tab.state.saving).toBe(false);
    expect(collection.items().map((row) => row.name)).toEqual(['Uusi']);
  });

  it('should show a typed name in the row at once and send it once, at the latest when the editor closes', async () => {
    const { tab, collection, server } = tabOver([{ id: 1, name: 'Aino', active: true }]);
    await tab.load();
    tab.type(1, { name: 'Ai' });
    tab.type(1, { name: 'Aili' });
    expect(collection.entry(1)!.value.name).toBe('Aili');
    expect(server.puts).toEqual([]);
    await tab.finishTyping(1);
    expect(server.puts).toEqual([{ name: 'Aili' }]);
    expect(tab.state.failed).toBe(false);
    expect(collection.items().map((row) => row.name)).toEqual(['Aili']);
    // The delay's own timer finds nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.puts).toHaveLength(1);
  });

  it('should say the request failed when the typed change could not be saved on closing', async () => {
    const { tab, server } = tabOver([{ id: 1, name: 'Aino', active: true }]);
    await tab.load();
    tab.type(1, { name: 'Aili' });
    server.fail = true;
    await tab.finishTyping(1);
    expect(tab.state.failed).toBe(true);
  });

  it('should mark a failed load as failed and loaded, with no rows', async () => {
    const { tab, collection, server } = tabOver([{ id: 1, name: 'Aino', active: true }]);
    server.fail = true;
    await tab.load();
    expect(tab.state).toMatchObject({ failed: true, loaded: true });
    expect(collection.items()).toEqual([]);
  });
});
