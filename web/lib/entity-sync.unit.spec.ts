import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { crudFor, DelayedPuts, delayedPutMs, EntityCollection, failedCreationRetryMs, syncIntervalMs, type EntityCrud } from './entity-sync.ts';

interface Row {
  id: number;
  name: string;
  active: boolean;
}

/** A server kept in memory: records every call, and fails the next ones when told to. */
function fakeServer(initial: Row[] = [{ id: 1, name: 'Aino', active: true }]) {
  const rows = new Map(initial.map((row) => [row.id, { ...row }]));
  const calls: string[] = [];
  let failing = 0;
  let nextId = 100;
  const maybeFail = () => {
    if (failing > 0) {
      failing -= 1;
      throw new Error('Request failed');
    }
  };
  const crud: EntityCrud<Row, { name: string }> = {
    type: 'residents',
    idOf: (row) => row.id,
    fetch: async () => {
      calls.push('fetch');
      maybeFail();
      return { items: [...rows.values()].map((row) => ({ ...row })), totalCount: rows.size };
    },
    put: async (id, change) => {
      calls.push(`put ${id} ${JSON.stringify(change)}`);
      maybeFail();
      const row = { ...rows.get(id)!, ...change };
      rows.set(id, row);
      return { ...row };
    },
    entityIn: async (draft) => {
      calls.push(`post ${draft.name}`);
      maybeFail();
      const row = { id: nextId++, name: draft.name, active: true };
      rows.set(row.id, row);
      return { ...row };
    },
    remove: async (id) => {
      calls.push(`delete ${id}`);
      maybeFail();
      rows.delete(id);
    },
    localOf: (draft) => ({ id: 0, name: draft.name, active: true }),
  };
  return { crud, rows, calls, failNext: (count = 1) => (failing = count) };
}

describe('entity collection (spec 1 section 4, generic data handling)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should load the list, and leave it empty with total 0 when the fetch fails', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    expect(rows.items().map((row) => row.name)).toEqual(['Aino']);
    expect(rows.state.totalCount).toBe(1);
    server.failNext();
    expect(await rows.fetch({})).toBe(false);
    expect(rows.items()).toEqual([]);
    expect(rows.state.totalCount).toBe(0);
    expect(rows.state.loading).toBe(false);
  });

  it('should apply a put locally before the server answers, busy until it does', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    const sent = rows.put(1, { active: false });
    expect(rows.entry(1)!.value.active).toBe(false);
    expect(rows.entry(1)!.flags.busy).toBe(true);
    expect(await sent).toBe(true);
    expect(rows.entry(1)!.flags.busy).toBe(false);
    expect(server.rows.get(1)!.active).toBe(false);
  });

  it('should clear busy and keep the error when a put fails', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    server.failNext();
    expect(await rows.put(1, { name: 'Eino' })).toBe(false);
    expect(rows.entry(1)!.flags).toMatchObject({ busy: false, error: 'Request failed' });
  });

  it('should send a delayed put once, 500 ms after the last change, with only the newest values', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    rows.delayedPut(1, { name: 'A' });
    await vi.advanceTimersByTimeAsync(delayedPutMs - 100);
    rows.delayedPut(1, { name: 'Ai' });
    expect(rows.entry(1)!.value.name).toBe('Ai');
    await vi.advanceTimersByTimeAsync(delayedPutMs - 1);
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual(['put 1 {"name":"Ai"}']);
    expect(rows.entry(1)!.flags.modified).toBe(false);
  });

  it('should leave a waiting delayed put to its timer while the sync loop runs: a typed word goes once', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    const stop = rows.startSync();
    for (const typed of ['E', 'Ei', 'Ein', 'Eino']) {
      rows.delayedPut(1, { name: typed });
      // Slower than the loop's 500 ms ticks are apart, faster than the delay.
      await vi.advanceTimersByTimeAsync(syncIntervalMs - 100);
      expect(server.calls.filter((call) => call.startsWith('put'))).toEqual([]);
    }
    await vi.advanceTimersByTimeAsync(delayedPutMs);
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual(['put 1 {"name":"Eino"}']);
    await vi.advanceTimersByTimeAsync(syncIntervalMs * 3);
    expect(server.calls.filter((call) => call.startsWith('put'))).toHaveLength(1);
    stop();
  });

  it('should send a waiting delayed put at once when flushed, and not again when its timer runs out', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    expect(await rows.flush(1)).toBe(true);
    rows.delayedPut(1, { name: 'Eino' });
    expect(await rows.flush(1)).toBe(true);
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual(['put 1 {"name":"Eino"}']);
    expect(rows.entry(1)!.flags.modified).toBe(false);
    await vi.advanceTimersByTimeAsync(delayedPutMs * 2);
    expect(server.calls.filter((call) => call.startsWith('put'))).toHaveLength(1);
  });

  it('should leave a delayed change that a put outdated to the next sync round, so nothing is lost', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    rows.delayedPut(1, { name: 'Eino' });
    await rows.put(1, { active: false });
    await vi.advanceTimersByTimeAsync(delayedPutMs);
    await rows.sync();
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual(['put 1 {"active":false}', 'put 1 {"name":"Eino"}']);
    expect(server.rows.get(1)).toMatchObject({ name: 'Eino', active: false });
  });

  it('should sync a modified entity within 500 ms, and send nothing when nothing changed', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    const stop = rows.startSync();
    await vi.advanceTimersByTimeAsync(syncIntervalMs * 3);
    expect(server.calls).toEqual(['fetch']);
    rows.modify(1, { name: 'Eino' });
    expect(rows.entry(1)!.flags.modified).toBe(true);
    await vi.advanceTimersByTimeAsync(syncIntervalMs);
    expect(server.calls).toEqual(['fetch', 'put 1 {"name":"Eino"}']);
    expect(rows.entry(1)!.flags.modified).toBe(false);
    await vi.advanceTimersByTimeAsync(syncIntervalMs * 3);
    expect(server.calls).toHaveLength(2);
    stop();
  });

  it('should retry a failed creation after 15 s, not before, and then hold the stored entity', async () => {
    const server = fakeServer([]);
    const rows = new EntityCollection(server.crud, () => Date.now());
    server.failNext();
    const stop = rows.startSync();
    expect(await rows.create({ name: 'Uusi' })).toEqual({ entity: null, retrying: true, error: 'Request failed' });
    const [key] = rows.state.keys;
    expect(rows.entry(key!)!.flags).toMatchObject({ status: 'failed', error: 'Request failed', busy: false });
    expect(rows.items()[0]!.name).toBe('Uusi');
    await vi.advanceTimersByTimeAsync(failedCreationRetryMs - syncIntervalMs);
    expect(server.calls).toEqual(['post Uusi']);
    await vi.advanceTimersByTimeAsync(syncIntervalMs);
    expect(server.calls).toEqual(['post Uusi', 'post Uusi']);
    expect(rows.state.keys).toEqual(['100']);
    expect(rows.entry(100)!.flags.status).toBe('saved');
    stop();
  });

  it('should drop, not retry, a creation the server refused (4xx)', async () => {
    const server = fakeServer([]);
    const rows = new EntityCollection({
      ...server.crud,
      entityIn: () => Promise.reject(new ApiError('Request failed', 400, 'ValidationError', 'name')),
    });
    const stop = rows.startSync();
    expect(await rows.create({ name: '' })).toEqual({ entity: null, retrying: false, error: 'Request failed' });
    expect(rows.state.keys).toEqual([]);
    await vi.advanceTimersByTimeAsync(failedCreationRetryMs * 2);
    expect(server.calls).toEqual([]);
    stop();
  });

  it('should keep a creation still pending across a reload of the list', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    server.failNext();
    await rows.create({ name: 'Uusi' });
    await rows.fetch({});
    expect(rows.items().map((row) => row.name)).toEqual(['Aino', 'Uusi']);
  });

  it("should refuse to create without an insert definition: 'No entityIn specified'", async () => {
    const { crud } = fakeServer();
    const rows = new EntityCollection({ ...crud, entityIn: undefined });
    await expect(rows.create({ name: 'X' })).rejects.toThrow('No entityIn specified');
    expect(rows.state.keys).toEqual([]);
  });

  it("should name an unsupported collection: 'Unsupported crud: {type}'", () => {
    const registry = { residents: 'the residents' };
    expect(crudFor(registry, 'residents')).toBe('the residents');
    expect(() => crudFor(registry, 'planets')).toThrow('Unsupported crud: planets');
    expect(() => crudFor(registry, 'toString')).toThrow('Unsupported crud: toString');
  });

  it('should remove on success, and leave the entity on a failed delete', async () => {
    const server = fakeServer([
      { id: 1, name: 'Aino', active: true },
      { id: 2, name: 'Eino', active: true },
    ]);
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    server.failNext();
    expect(await rows.remove(1)).toBe(false);
    expect(rows.entry(1)!.flags).toMatchObject({ busy: false, error: 'Request failed' });
    expect(await rows.remove(1)).toBe(true);
    expect(rows.items().map((row) => row.name)).toEqual(['Eino']);
    expect(rows.state.totalCount).toBe(1);
  });

  it('should name only the ids not held yet as missing', async () => {
    const server = fakeServer();
    const rows = new EntityCollection(server.crud);
    await rows.fetch({});
    expect(rows.missingIds([1, 2, 2, 3])).toEqual([2, 3]);
  });
});

describe('DelayedPuts: the delayed put of a keyed value (a setting typed into a field)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should send only the newest change of a key, 500 ms after it', async () => {
    const sent: string[] = [];
    const puts = new DelayedPuts<string, string>((key, value) => sent.push(`${key}=${value}`));
    puts.put('sessionTargetCount', '1');
    await vi.advanceTimersByTimeAsync(delayedPutMs - 100);
    puts.put('sessionTargetCount', '12');
    await vi.advanceTimersByTimeAsync(delayedPutMs - 1);
    expect(sent).toEqual([]);
    expect(puts.pending('sessionTargetCount')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['sessionTargetCount=12']);
    expect(puts.pending('sessionTargetCount')).toBe(false);
  });

  it('should keep keys apart, drop a cancelled change and send a flushed one at once', async () => {
    const sent: string[] = [];
    const puts = new DelayedPuts<string, string>((key, value) => sent.push(`${key}=${value}`));
    puts.put('a', '1');
    puts.put('b', '2');
    puts.cancel('a');
    puts.put('c', '3');
    puts.flush('c');
    expect(sent).toEqual(['c=3']);
    puts.flush('c');
    await vi.advanceTimersByTimeAsync(delayedPutMs);
    expect(sent).toEqual(['c=3', 'b=2']);
  });
});
