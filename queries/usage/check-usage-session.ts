import { changeUsageRulesDecider } from '../../domain/usage-rules/usage-rules.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { requireUser } from '../../server/http/auth.ts';
import { CheckUsageSessionRequest, CheckUsageSessionResult } from '../../schemas/api/requests.ts';
import { streams } from '../../schemas/events/index.ts';
import type { UsageRules } from '../../schemas/events/usage-rules.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { currentUsageSession } from './current-usage-session.ts';

// check-usage-session {time} -> {active, startTime, lastPlay} (spec 3 sections 4 and 7): the
// browser asks after a start or stop and every minute. It answers from the log as of the last
// append (current-usage-session.ts), so a session is active right after its start.
//
// Active: an explicit session is open and has not idled out by `time`: the warehouse rule
// (docs/warehouse-rules.md) ends an unstopped session once maxPauseSeconds pass after its start
// or its latest play, so the button shows what the report will count.

async function currentRules(store: EventStore): Promise<UsageRules> {
  const events = await store.readStream(streams.usageRules());
  const { evolve, initialState } = changeUsageRulesDecider;
  return events.reduce((rules, event) => (event.type === 'UsageRulesChanged' ? evolve(rules, event) : rules), initialState());
}

export const checkUsageSessionRequest = typedRequest({
  permission: 'Any logged-in user, about their own usage session.',
  effect: "Reads whether the caller's explicit usage session is still active at `time`, its start and the latest play.",
  body: CheckUsageSessionRequest,
  result: CheckUsageSessionResult,
  async handle(request, body) {
    const { userId } = requireUser(request);
    const { sql, store, now } = request.server.deps;
    const [state, rules] = await Promise.all([currentUsageSession(sql, store, userId), currentRules(store)]);
    const at = body.time ? new Date(body.time) : now();
    const open = state.openSession;
    const lastPlayInSession = open && state.lastPlayAt && state.lastPlayAt > open.startTime ? state.lastPlayAt : null;
    const lastActivity = lastPlayInSession ?? open?.startTime;
    const active = !!lastActivity && at.getTime() - lastActivity.getTime() <= rules.maxPauseSeconds * 1000;
    return {
      active,
      startTime: active && open ? open.startTime.toISOString() : null,
      lastPlay: state.lastPlayAt?.toISOString() ?? null,
      sessionId: active && open ? open.sessionId : null,
      residentIds: active && open ? open.residentIds : [],
      activityIds: active && open ? open.activityIds : [],
      outdoors: active && open ? open.outdoors : false,
    };
  },
});
