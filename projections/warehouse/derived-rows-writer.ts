import type { BatchContext } from './batch.ts';
import type { UserUsage } from './derivation/types.ts';
import {
  memberColumns, memberRow, playColumns, playRow, playTombstone, recheckColumns, sessionColumns, sessionRow,
  sessionTombstone, videoViewColumns, videoViewRow, viewTombstone,
} from './derived-rows.ts';
import { writeDailyUsage } from './daily-usage.ts';
import type { OldSpan } from './load.ts';
import { overlaps, type Span } from './windows.ts';

/** The rows of one batch, collected over every user and round, written with ONE insert per table. */
export class DerivedRowsWriter {
  readonly sessions: unknown[][] = [];
  readonly plays: unknown[][] = [];
  readonly views: unknown[][] = [];
  readonly participants: unknown[][] = [];
  readonly activities: unknown[][] = [];
  /** [user_id, recheck_at (epoch ms: a DateTime64(3) tick, as the other instants), derived_version, is_deleted] */
  readonly rechecks: [number, number, string, 0 | 1][] = [];
  /** (user, day) whose daily usage is computed again once the sessions are written */
  readonly days = new Map<number, Set<string>>();

  constructor(private readonly version: string) {}

  replace(
    userId: number,
    region: Span,
    derived: UserUsage,
    newSessions: { session: UserUsage['sessions'][number]; span: Span }[],
    old: { oldSessions: OldSpan[]; oldPlays: OldSpan[]; oldViews: OldSpan[] },
  ): void {
    const v = this.version;
    const days = this.days.get(userId) ?? new Set<string>();
    this.days.set(userId, days);
    const written = newSessions.filter((s) => overlaps(s.span, region));
    const writtenIds = new Map(written.map((s) => [s.session.sessionId, s.session]));
    for (const { session, span } of written) {
      this.sessions.push(sessionRow(session, span.end, v));
      days.add(session.day);
      for (const id of session.residentIds) this.participants.push(memberRow(userId, session.sessionId, session.day, id, v, false));
      for (const id of session.activityIds) this.activities.push(memberRow(userId, session.sessionId, session.day, id, v, false));
    }
    for (const o of old.oldSessions) {
      if (!overlaps(o, region)) continue;
      const now = writtenIds.get(o.id);
      if (o.day) days.add(o.day);
      if (!now) this.sessions.push(sessionTombstone(o, v));
      for (const id of o.residentIds ?? []) if (!now?.residentIds.includes(id)) this.participants.push(memberRow(userId, o.id, o.day ?? '1970-01-01', id, v, true));
      for (const id of o.activityIds ?? []) if (!now?.activityIds.includes(id)) this.activities.push(memberRow(userId, o.id, o.day ?? '1970-01-01', id, v, true));
    }
    const playIds = new Set<string>();
    for (const p of derived.plays) {
      if (!writtenIds.has(p.sessionId)) continue;
      playIds.add(p.playId);
      this.plays.push(playRow(p, v));
    }
    for (const o of old.oldPlays) if (overlaps(o, region) && !playIds.has(o.id)) this.plays.push(playTombstone(o, v));
    const viewIds = new Set<string>();
    for (const view of derived.videoViews) {
      if (!overlaps(view, region)) continue;
      viewIds.add(view.viewId);
      this.views.push(videoViewRow(view, v));
    }
    for (const o of old.oldViews) if (overlaps(o, region) && !viewIds.has(o.id)) this.views.push(viewTombstone(o, v));
    if (derived.recheckAt !== null) {
      this.rechecks.push([userId, derived.recheckAt, v, 0]);
    }
  }

  async write(ctx: BatchContext, due: readonly { userId: number; at: number }[]): Promise<void> {
    const { warehouse, t } = ctx;
    // Rechecks done in this batch are tombstoned unless the derivation asked for the same one again.
    const again = new Set(this.rechecks.map(([userId, at]) => `${userId}|${at}`));
    for (const d of due) if (!again.has(`${d.userId}|${d.at}`)) this.rechecks.push([d.userId, d.at, this.version, 1]);
    await Promise.all([
      warehouse.insertCompact(t.sessions, sessionColumns, this.sessions),
      warehouse.insertCompact(t.plays, playColumns, this.plays),
      warehouse.insertCompact(t.sessionParticipants, memberColumns('resident_id'), this.participants),
      warehouse.insertCompact(t.sessionActivities, memberColumns('activity_id'), this.activities),
      warehouse.insertCompact(t.videoViews, videoViewColumns, this.views),
      warehouse.insertCompact(t.rechecks, recheckColumns, this.rechecks),
    ]).catch((error: unknown) => {
      // Some tables may hold the rows and others not: the memory no longer mirrors the table.
      ctx.rechecks?.forget();
      throw error;
    });
    ctx.rechecks?.wrote(this.rechecks);
    // Daily figures read the sessions table itself (daily-usage.ts): after the sessions are written.
    const days = new Map([...this.days].filter(([, set]) => set.size > 0));
    await writeDailyUsage(warehouse, t, days, this.version);
  }
}
