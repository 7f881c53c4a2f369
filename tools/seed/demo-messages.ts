import { DateTime } from 'luxon';
import type { MessageCommand } from '../../commands/messages/message-decider.ts';
import { runMessageCommand } from '../../commands/messages/message-stream.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { NewMessage } from '../../schemas/api/messages.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { FileStore } from '../../infra/files/file-store.ts';
import { seedDemoConversations } from './demo-conversations.ts';
import { demoAudioFiles } from './demo-library.ts';
import { demoAdmin, demoEasyUser, demoRelative } from './demo-units.ts';

// The demo's messages, made the way a user makes them: through the message decider and the event
// store. The administrator sends the units one message whose items the workload generator clicks
// (its ids are fixed, below the ids the sequences hand out), and a usage-report message for each
// month the demo's 90 days of usage touch (four at most), which the report's 'Messages for
// report' section shows. The messages read model is projected here, before the server's own
// runner starts: the usage log refuses clicks on items the read model does not hold, and the
// demo usage is generated right after.

export const demoMessageId = 1;

/** Today's recommendations: to the units, and from the caregiver unit to the relative. */
export const demoRecommendationIds = { units: 10, relative: 11, easy: 12 } as const;

export const demoMessageItems = [
  { id: 101, type: 'AudioFile', contentType: 'SingAlong', slug: 'kesaillan-valssi', html: null },
  { id: 102, type: 'MediaFile', contentType: 'Exercise', slug: null, html: '<p>Chair exercise of the week: ten minutes, arms and legs.</p>' },
  { id: 103, type: 'InlineHTMLTrack', contentType: 'News', slug: null, html: '<p><strong>News:</strong> the summer party is on Friday in the garden.</p>' },
] as const;

/** Month notes of the usage report, newest last: what the office wants every unit to read with its figures. */
const reportNotes = [
  '<p>Welcome to the usage report. From now on the office writes a short note here every month about what the figures show.</p>',
  '<p>Thank you for a lively month. Morning music was played on most days; sing-alongs were the most used guided content.</p>',
  '<p>New exercise programs were added to the library. Try them in the afternoon sessions, and record the residents taking part.</p>',
  '<p>This month we focus on short daily sessions: even ten minutes of music together counts. Remember to start a session on the tablet.</p>',
];

/** Returns the number of messages made. Runs once, on the first seed; with `files`, the conversations of demo-conversations.ts too. */
export async function seedDemoMessages(sql: Sql, now: Date, files?: FileStore): Promise<number> {
  const store = createPostgresEventStore(sql);
  await store.setup();
  const users = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM users')).map((u) => [u.name, Number(u.id)]));
  const adminId = users.get(demoAdmin.name);
  if (adminId === undefined) throw new Error('Demo messages need the demo administrator');
  const recipients = demoAdmin.administers.map((name) => ({ id: users.get(name)! }));
  const audioIds = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM audio_files')).map((a) => [a.name, Number(a.id)]));
  const audioIdOf = (slug: string) => audioIds.get(demoAudioFiles.find((f) => f.slug === slug)?.name ?? '') ?? null;

  const at = now.toISOString();
  const run = (command: MessageCommand) => runMessageCommand({ store, sql }, command);
  type Item = { itemId: number; html: string | null; type: 'AudioFile' | 'MediaFile' | 'InlineHTML' | 'InlineHTMLTrack'; contentType: string | null; audioFileId: number | null };
  const send = async (messageId: number, message: object, items: Item[], userId = adminId) => {
    await run({ kind: 'create', messageId, userId, message: NewMessage.parse({ recipients, ...message }), at });
    for (const { itemId, ...item } of items) {
      await run({ kind: 'addItem', messageId, userId, itemId, item: { recipeId: null, fileId: null, url: null, trackClicks: true, ...item }, at });
    }
    await run({ kind: 'change', messageId, userId, change: { sent: true }, at });
  };

  await send(
    demoMessageId,
    { title: 'This week at Kotikallio' },
    demoMessageItems.map((i) => ({ itemId: i.id, type: i.type, contentType: i.contentType, html: i.html, audioFileId: i.slug ? audioIdOf(i.slug) : null })),
  );
  // One note a month, dated the first of the month at 9 (or now, early on the first).
  const thisMonth = DateTime.fromJSDate(now).setZone('Europe/Helsinki').startOf('month');
  for (const [index, html] of reportNotes.entries()) {
    const month = thisMonth.minus({ months: reportNotes.length - 1 - index });
    const time = DateTime.min(month.plus({ hours: 9 }), DateTime.fromJSDate(now))!;
    await send(demoMessageId + 1 + index, { title: `Notes for ${month.setLocale('en').toFormat('LLLL yyyy')}`, usageReport: true, time: time.toUTC().toISO() }, [
      { itemId: 200 + index, type: 'InlineHTML', html, contentType: null, audioFileId: null },
    ]);
  }
  // Today's messages (spec 2 section 2): a recommendation from the office to the units, and one
  // from the caregiver unit to the relative. Active from the start of the seed's day with no end,
  // so the landing page stays populated on the days after.
  const today = DateTime.min(DateTime.fromJSDate(now).setZone('Europe/Helsinki').startOf('day'), DateTime.fromJSDate(now))!.toUTC().toISO();
  const song = (itemId: number, slug: string, contentType: string | null): Item => ({ itemId, type: 'AudioFile', contentType, html: null, audioFileId: audioIdOf(slug) });
  const text = (itemId: number, html: string): Item => ({ itemId, type: 'InlineHTML', contentType: null, html, audioFileId: null });
  const recommendation = { recommendation: true, time: today };
  await send(demoRecommendationIds.units, { title: 'Songs for the day', ...recommendation }, [
    song(300, 'aamukahvi', 'Music'),
    text(301, '<p>Sing along with the chorus, and ask who remembers the summer dances.</p>'),
    song(302, 'kesaillan-valssi', 'SingAlong'),
    song(303, 'morning-stretch', 'Exercise'),
  ]);
  const relativeId = users.get(demoRelative.name);
  const caregiverId = users.get(demoRelative.unit);
  if (relativeId !== undefined && caregiverId !== undefined) {
    await send(demoRecommendationIds.relative, { title: "Aino's favourite songs", ...recommendation, recipients: [{ id: relativeId }] }, [song(310, 'koivun-alla', 'Music'), song(311, 'iltatahti', 'Music')], caregiverId);
  }
  // The easy-mode resident's recommendations of the day, from their ward (the easy screen's tiles).
  const easyId = users.get(demoEasyUser.name);
  const easyUnitId = users.get(demoEasyUser.unit);
  if (easyId !== undefined && easyUnitId !== undefined) {
    await send(demoRecommendationIds.easy, { title: 'Songs for Martta', ...recommendation, recipients: [{ id: easyId }] }, [song(320, 'aamukahvi', 'Music'), song(321, 'syksyn-lehdet', 'Music'), song(322, 'meren-laulu', 'Music'), song(323, 'vanha-rakkaus', 'Music')], easyUnitId);
  }
  const conversations = files ? await seedDemoConversations({ sql, store, files }, now) : 0;
  try {
    await projectAll({ log: store, sql, projectors: [messagesProjector] });
  } finally {
    // The runner listened for appends through this store: let go of that connection.
    await store.close();
  }
  return 4 + reportNotes.length + conversations;
}
