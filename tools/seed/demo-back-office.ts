import { evaluationDecider, evaluationEventId, evaluationIdOf } from '../../commands/evaluations/evaluation-decider.ts';
import { handleCommand } from '../../infra/event-store/decider.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { streams } from '../../schemas/events/index.ts';
import { insertAppTask } from '../../infra/jobs/app-task-runner.ts';
import { demoUsageDays } from '../generate/demo-usage.ts';
import { insertAudited } from './insert-audited.ts';

// Demo rows for the back office's entities that the rest of the seed does not make (issue 18 item 8):
// group memberships and categories, contacts, calendar events, a unit's default recipient
// a few evaluations and an app task, so every list of the operator console and the unit has something in it.
// Reference rows are audited like the rest of the seed; evaluations are events, made through the
// evaluation decider.

const userGroupMembers: Array<[user: string, group: string, mode: string]> = [
  ['caregiver', 'Kotikallio care home', 'ReadWrite'],
  ['kotikallio-b', 'Kotikallio care home', 'ReadWrite'],
  ['metsarinne', 'Metsärinne service home', 'ReadWrite'],
  ['solgarden', 'Solgården', 'ReadWrite'],
  ['admin', 'Kotikallio care home', 'Admin'],
  ['admin', 'Metsärinne service home', 'Admin'],
  ['relative', 'Kotikallio care home', 'GroupMessageReceiver'],
];

/** Which content types count towards the usage report (trackUsage) and its targets (targetable). */
const categoryModes: Record<string, 'trackUsage' | 'targetable'> = { Exercise: 'targetable', SingAlong: 'trackUsage', Music: 'trackUsage' };

export async function seedDemoBackOffice(tx: Queryable, groupIds: Map<string, number>, userIds: Map<string, number>, now: Date): Promise<void> {
  const idOf = (ids: Map<string, number>, name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`demo back office: no ${name}`);
    return id;
  };
  await insertAudited(tx, 'user_group_items', { user_group_id: 'integer', user_id: 'integer', mode: 'text' },
    userGroupMembers.map(([user, group, mode]) => ({ user_group_id: idOf(groupIds, group), user_id: idOf(userIds, user), mode })));

  const categories = await tx.query<{ id: number; content_type: string | null }>('SELECT id, content_type FROM categories ORDER BY id');
  await insertAudited(tx, 'user_group_categories', { user_group_id: 'integer', category_id: 'integer', mode: 'text' },
    [...groupIds.values()].flatMap((groupId) => categories.map((c) => ({ user_group_id: groupId, category_id: c.id, mode: categoryModes[c.content_type ?? ''] ?? null }))));

  await insertAudited(tx, 'contacts', { name: 'text', title: 'text', organization: 'text', address: 'text', email: 'text', phone: 'text', user_ids: 'integer[]', user_group_ids: 'integer[]' }, [
    {
      name: 'Sointu support', title: 'Customer support', organization: 'Sointu', address: 'Hämeenkatu 1, 33100 Tampere', email: 'support@sointu.example',
      phone: '+358 20 123 4567', user_ids: [], user_group_ids: [...groupIds.values()],
    },
    {
      name: 'Marja Koskinen', title: 'Head nurse', organization: 'Kotikallio care home', address: 'Kalliotie 5, 00100 Helsinki', email: 'marja.koskinen@kotikallio.example',
      phone: '+358 40 765 4321', user_ids: [idOf(userIds, 'caregiver'), idOf(userIds, 'kotikallio-b')], user_group_ids: [idOf(groupIds, 'Kotikallio care home')],
    },
  ]);

  await insertAudited(tx, 'default_message_recipients', { src_user_id: 'integer', dst_user_id: 'integer', recipient_name: 'text' },
    // Not the demo caregiver: a default recipient turns its message lists into "greetings" (spec 2).
    [{ src_user_id: idOf(userIds, 'kotikallio-b'), dst_user_id: idOf(userIds, 'admin'), recipient_name: 'Kotikallio office' }]);

  const inDays = (days: number, hour: number) => {
    const at = new Date(now.getTime() + days * 86_400_000);
    at.setUTCHours(hour, 0, 0, 0);
    return at.toISOString();
  };
  const caregiver = idOf(userIds, 'caregiver');
  const kotikallio = idOf(groupIds, 'Kotikallio care home');
  await insertAudited(tx, 'unit_events', { time: 'timestamptz', user_id: 'integer', user_group_id: 'integer', comment: 'text', created_by_user_id: 'integer' }, [
    { time: inDays(2, 11), user_id: caregiver, user_group_id: kotikallio, comment: 'Accordion concert in the hall', created_by_user_id: idOf(userIds, 'admin') },
    { time: inDays(5, 12), user_id: caregiver, user_group_id: kotikallio, comment: 'Sauna evening and sing-along', created_by_user_id: caregiver },
    { time: inDays(9, 10), user_id: idOf(userIds, 'metsarinne'), user_group_id: idOf(groupIds, 'Metsärinne service home'), comment: 'Chair exercise with the physiotherapist', created_by_user_id: idOf(userIds, 'admin') },
  ]);

  // An app task the first runner to start really runs (it takes queued rows at start-up): the
  // caregiver's usage of the day just before the demo's generated days, so it adds to them and
  // repeats none. The app tasks list then shows a task that ran, with its result. Nobody added it
  // (as the timers' tasks), so it has no creator.
  const day = new Date(now.getTime() - (demoUsageDays + 1) * 86_400_000).toISOString().slice(0, 10);
  const task = { kind: 'GenerateSessionDataTask', userId: caregiver, day };
  await insertAppTask(tx, task.kind, task, null);
}

/** The caregiver's evaluations of a few audio files (score 1, 0, -1), a day apart. */
export async function seedDemoEvaluations(sql: Sql, now: Date): Promise<void> {
  const [caregiver] = await sql.query<{ id: number }>("SELECT id FROM users WHERE name = 'caregiver'");
  const files = await sql.query<{ id: number }>('SELECT id FROM audio_files ORDER BY id LIMIT 3');
  if (!caregiver) return;
  const store = createPostgresEventStore(sql);
  const userId = Number(caregiver.id);
  const scores = [1, 0, -1] as const;
  for (const [index, file] of files.entries()) {
    const target = { audioFileId: Number(file.id) };
    const clientTime = new Date(now.getTime() - (index + 1) * 86_400_000).toISOString();
    const evaluationId = evaluationIdOf(userId, target, clientTime);
    await handleCommand(store, streams.evaluations(userId), evaluationDecider, { kind: 'evaluate', userId, evaluationId, target, score: scores[index % scores.length]!, clientTime }, evaluationEventId);
  }
}
