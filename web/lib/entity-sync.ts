import { proxy } from 'valtio';
import { ApiError } from './api-client.ts';

// Spec 1 section 4, "Generic data handling": one client-side collection of server entities that
// the features share (residents, activities ...), instead of each feature keeping its own copy of
// loading, busy and retry logic. A fetch failure leaves an empty list; a put applies locally first;
// a delayed put waits 500 ms for the typing to stop; modified entities are synced every 500 ms and
// a creation that failed is tried again after 15 s.

export const delayedPutMs = 500;
export const syncIntervalMs = 500;
export const failedCreationRetryMs = 15_000;

/** The flags each entity carries (spec 1 section 4): a busy one shows a spinner. */
export interface EntityFlags {
  busy: boolean;
  /** Changed here and not yet sent. */
  modified: boolean;
  /** The message of the last failed call, null once one succeeds. */
  error: string | null;
  /** new: made here, not yet stored; saved: the server holds it; failed: its creation failed. */
  status: 'new' | 'saved' | 'failed';
}

export interface Entry<T> {
  value: T;
  flags: EntityFlags;
}

/** How one collection reaches the server; a part left out is a call the collection cannot make. */
export interface EntityCrud<T, Draft = Partial<T>, Query = Record<string, unknown>> {
  /** The collection's name, as the errors name it. */
  type: string;
  idOf(entity: T): number;
  fetch(query: Query): Promise<{ items: T[]; totalCount?: number }>;
  /** Sends a change of a stored entity; its answer, when it has one, replaces the local copy. */
  put?(id: number, change: Partial<T>): Promise<T | void>;
  /** The insert definition (spec 1 section 5): without one, creating an entity is an error. */
  entityIn?(draft: Draft): Promise<T>;
  remove?(id: number): Promise<void>;
  /** Whether a failed creation is worth retrying; default: all but a 4xx refusal of the content. */
  retryable?(error: unknown): boolean;
  /** What a new entity looks like locally until the server answers. */
  localOf?(draft: Draft): T;
}

export interface CollectionState<T> {
  /** Keys in list order: a stored entity's id, or 'new-N' for one still being created. */
  keys: string[];
  entries: Record<string, Entry<T>>;
  totalCount: number;
  loading: boolean;
}

/** Spec 1 section 5: a post for a collection nobody registered. */
export function crudFor<C>(registry: Record<string, C>, type: string): C {
  const crud = Object.hasOwn(registry, type) ? registry[type] : undefined;
  if (!crud) throw new Error(`Unsupported crud: ${type}`);
  return crud;
}

/**
 * The delayed put's rule for a value that is not an entity of a collection (a setting typed into a
 * field): each change of a key waits 500 ms, and only the newest change of that key is sent, so
 * typing "12" sends "12" once rather than "1" and then "12". EntityCollection.delayedPut is the same
 * rule for entities, where the change is also applied to the local copy at once.
 */
export class DelayedPuts<K, V> {
  private readonly latest = new Map<K, { value: V; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly send: (key: K, value: V) => void,
    private readonly delayMs: number = delayedPutMs,
  ) {}

  put(key: K, value: V): void {
    this.cancel(key);
    const timer = setTimeout(() => {
      this.latest.delete(key);
      this.send(key, value);
    }, this.delayMs);
    this.latest.set(key, { value, timer });
  }

  /** Drops a change not sent yet (the field went back to an invalid or the stored value). */
  cancel(key: K): void {
    const pending = this.latest.get(key);
    if (pending) clearTimeout(pending.timer);
    this.latest.delete(key);
  }

  /** Sends a waiting change of the key now (the field lost focus: no reason to wait). */
  flush(key: K): void {
    const pending = this.latest.get(key);
    if (!pending) return;
    this.cancel(key);
    this.send(key, pending.value);
  }

  pending(key: K): boolean {
    return this.latest.has(key);
  }
}

/** A 4xx answer refused the content itself: sending it again cannot help. */
export const retryableByDefault = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status < 400;

/** What a creation came to: stored, or failed and then either kept for the retry or dropped. */
export interface Creation<T> {
  entity: T | null;
  retrying: boolean;
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class EntityCollection<T extends object, Draft = Partial<T>, Query = Record<string, unknown>> {
  readonly state: CollectionState<T>;
  private fetchSequence = 0;
  private newSequence = 0;
  // Per key: how many local changes were made, so a delayed put sends only the newest.
  private readonly changeCount = new Map<string, number>();
  private readonly pendingChange = new Map<string, Partial<T>>();
  private readonly drafts = new Map<string, Draft>();
  // Keys whose delayed put is still waiting: the sync loop leaves them to it, or typing a word
  // would send its first letters on the loop's next tick.
  private readonly delayed = new Set<string>();
  private readonly retryAt = new Map<string, number>();
  private syncing = false;

  constructor(
    private readonly crud: EntityCrud<T, Draft, Query>,
    private readonly now: () => number = Date.now,
  ) {
    this.state = proxy<CollectionState<T>>({ keys: [], entries: {}, totalCount: 0, loading: false });
  }

  /** The entities in list order, with the ones still being created last. */
  items(): T[] {
    return this.state.keys.map((key) => this.state.entries[key]!.value);
  }

  entry(id: number | string): Entry<T> | undefined {
    return this.state.entries[String(id)];
  }

  /** Of the ids asked for, those not held yet: loading missing entities fetches only these. */
  missingIds(ids: readonly number[]): number[] {
    return [...new Set(ids)].filter((id) => !this.entry(id));
  }

  /**
   * Loads the list; a failure leaves it empty (total 0), is logged and resolves false. A newer
   * fetch wins: an older one's answer is dropped.
   */
  async fetch(query: Query): Promise<boolean> {
    const mine = ++this.fetchSequence;
    this.state.loading = true;
    try {
      const answer = await this.crud.fetch(query);
      if (mine !== this.fetchSequence) return true;
      const unsaved = this.state.keys.filter((key) => this.state.entries[key]!.flags.status !== 'saved');
      const entries: Record<string, Entry<T>> = {};
      for (const key of unsaved) entries[key] = this.state.entries[key]!;
      for (const item of answer.items) entries[String(this.crud.idOf(item))] = { value: item, flags: saved() };
      this.state.entries = entries;
      this.state.keys = [...answer.items.map((item) => String(this.crud.idOf(item))), ...unsaved];
      this.state.totalCount = answer.totalCount ?? answer.items.length;
      return true;
    } catch (error) {
      if (mine !== this.fetchSequence) return true;
      console.warn(`fetch ${this.crud.type} failed`, error);
      this.state.keys = this.state.keys.filter((key) => this.state.entries[key]!.flags.status !== 'saved');
      this.state.totalCount = 0;
      return false;
    } finally {
      if (mine === this.fetchSequence) this.state.loading = false;
    }
  }

  /**
   * Applies a change locally (unless `local` is false), marks the entity busy and sends it now.
   * Resolves true when the server took it; a failure clears busy and keeps the error.
   */
  async put(id: number, change: Partial<T>, options: { local?: boolean } = {}): Promise<boolean> {
    const entry = this.entry(id);
    if (!entry) return false;
    if (options.local !== false) Object.assign(entry.value, change);
    // A delayed put of the same entity still waiting is left to the sync loop: this change outdates its timer.
    this.delayed.delete(String(id));
    this.bump(String(id));
    return this.send(String(id), change);
  }

  /**
   * Applies a change locally now and sends it after 500 ms unless a newer change of the same
   * entity arrived meanwhile (typing in a field sends once, with every change merged).
   */
  delayedPut(id: number, change: Partial<T>): void {
    const key = String(id);
    const mine = this.modify(id, change);
    if (mine === null) return;
    this.delayed.add(key);
    setTimeout(() => {
      if (this.changeCount.get(key) !== mine) return;
      this.delayed.delete(key);
      const pending = this.pendingChange.get(key);
      this.pendingChange.delete(key);
      if (pending) void this.send(key, pending);
    }, delayedPutMs);
  }

  /**
   * Sends a delayed put still waiting now (the editor closed: no reason to wait); resolves true when
   * nothing waited or the server took it.
   */
  async flush(id: number): Promise<boolean> {
    const key = String(id);
    if (!this.delayed.delete(key)) return true;
    // Outdates the waiting timer, so the change goes once.
    this.bump(key);
    const pending = this.pendingChange.get(key);
    this.pendingChange.delete(key);
    return pending ? this.send(key, pending) : true;
  }

  /**
   * Marks a local change for the sync loop to send (spec: modified entities sync every 500 ms);
   * returns the change's number, null for an entity not held.
   */
  modify(id: number, change: Partial<T>): number | null {
    const key = String(id);
    const entry = this.entry(key);
    if (!entry) return null;
    Object.assign(entry.value, change);
    entry.flags.modified = true;
    this.pendingChange.set(key, { ...this.pendingChange.get(key), ...change });
    return this.bump(key);
  }

  /**
   * Adds a new entity locally and sends it at once. A failure that may pass (network, 5xx) keeps
   * it, status failed, for the sync loop to try again after 15 s; a refusal drops it.
   */
  async create(draft: Draft): Promise<Creation<T>> {
    const entityIn = this.crud.entityIn;
    if (!entityIn) throw new Error('No entityIn specified');
    const key = `new-${++this.newSequence}`;
    const local = this.crud.localOf ? this.crud.localOf(draft) : ({ ...draft } as unknown as T);
    this.state.entries[key] = { value: local, flags: { busy: false, modified: true, error: null, status: 'new' } };
    this.state.keys.push(key);
    this.drafts.set(key, draft);
    return this.insert(key);
  }

  /** An editor's save: creates (id null) or changes; true when stored, or kept to be retried. */
  async save(id: number | null, draft: Draft & Partial<T>): Promise<boolean> {
    if (id !== null) return this.put(id, draft);
    const creation = await this.create(draft);
    return creation.entity !== null || creation.retrying;
  }

  /** Forgets a creation that failed (the user gave up on it), so it is not retried. */
  discard(key: string): void {
    if (this.state.entries[key]?.flags.status === 'saved') return;
    this.forget(key);
  }

  /** Deletes: busy until the server answers; success removes it, failure leaves it (spec 1 section 8). */
  async remove(id: number): Promise<boolean> {
    const remove = this.crud.remove;
    if (!remove) throw new Error(`Unsupported crud: ${this.crud.type}`);
    const key = String(id);
    const entry = this.entry(key);
    if (!entry) return false;
    entry.flags.busy = true;
    try {
      await remove(id);
      this.forget(key);
      this.state.totalCount = Math.max(0, this.state.totalCount - 1);
      return true;
    } catch (error) {
      entry.flags.busy = false;
      entry.flags.error = messageOf(error);
      return false;
    }
  }

  /** One round of the sync loop: sends modified entities and retries creations that are due. */
  async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      for (const key of [...this.state.keys]) {
        const entry = this.state.entries[key];
        if (!entry || entry.flags.busy || this.delayed.has(key)) continue;
        if (entry.flags.status === 'failed') {
          if ((this.retryAt.get(key) ?? 0) <= this.now()) await this.insert(key);
        } else if (entry.flags.status === 'saved' && entry.flags.modified && this.pendingChange.has(key)) {
          const change = this.pendingChange.get(key)!;
          this.pendingChange.delete(key);
          await this.send(key, change);
        }
      }
    } finally {
      this.syncing = false;
    }
  }

  /** Runs the sync loop every 500 ms; returns the stop. */
  startSync(): () => void {
    const timer = setInterval(() => void this.sync(), syncIntervalMs);
    return () => clearInterval(timer);
  }

  private bump(key: string): number {
    const count = (this.changeCount.get(key) ?? 0) + 1;
    this.changeCount.set(key, count);
    return count;
  }

  private async send(key: string, change: Partial<T>): Promise<boolean> {
    const put = this.crud.put;
    if (!put) throw new Error(`Unsupported crud: ${this.crud.type}`);
    const entry = this.state.entries[key];
    if (!entry) return false;
    const sentAt = this.changeCount.get(key);
    entry.flags.busy = true;
    try {
      const answer = await put(Number(key), change);
      // A newer local change keeps its values; the answer is only taken when nothing moved on.
      if (answer && this.changeCount.get(key) === sentAt) entry.value = answer;
      // Modified until every change made here was sent (a put may overtake a delayed change).
      if (this.changeCount.get(key) === sentAt && !this.pendingChange.has(key)) entry.flags.modified = false;
      entry.flags.error = null;
      return true;
    } catch (error) {
      entry.flags.error = messageOf(error);
      return false;
    } finally {
      entry.flags.busy = false;
    }
  }

  private async insert(key: string): Promise<Creation<T>> {
    const entry = this.state.entries[key];
    const draft = this.drafts.get(key);
    if (!entry || draft === undefined || !this.crud.entityIn) return { entity: null, retrying: false, error: null };
    entry.flags.busy = true;
    try {
      const stored = await this.crud.entityIn(draft);
      const id = String(this.crud.idOf(stored));
      this.forget(key);
      this.state.entries[id] = { value: stored, flags: saved() };
      if (!this.state.keys.includes(id)) this.state.keys.push(id);
      this.state.totalCount += 1;
      return { entity: stored, retrying: false, error: null };
    } catch (error) {
      if (!(this.crud.retryable ?? retryableByDefault)(error)) {
        this.forget(key);
        return { entity: null, retrying: false, error: messageOf(error) };
      }
      entry.flags.busy = false;
      entry.flags.status = 'failed';
      entry.flags.error = messageOf(error);
      this.retryAt.set(key, this.now() + failedCreationRetryMs);
      return { entity: null, retrying: true, error: messageOf(error) };
    }
  }

  private forget(key: string): void {
    delete this.state.entries[key];
    this.state.keys = this.state.keys.filter((each) => each !== key);
    this.drafts.delete(key);
    this.delayed.delete(key);
    this.retryAt.delete(key);
    this.pendingChange.delete(key);
    this.changeCount.delete(key);
  }
}

const saved = (): EntityFlags => ({ busy: false, modified: false, error: null, status: 'saved' });
