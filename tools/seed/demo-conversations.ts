import sharp from 'sharp';
import { storeUploadedBytes } from '../../commands/files/upload-files.ts';
import type { MessageCommand } from '../../commands/messages/message-decider.ts';
import { runMessageCommand } from '../../commands/messages/message-stream.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { FileStore } from '../../infra/files/file-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { NewMessage } from '../../schemas/api/messages.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { demoAudioFiles, demoRecipes } from './demo-library.ts';
import { demoAdmin, demoRelative } from './demo-units.ts';

// The demo's conversations (issue 14 deliverable 10): the relative, the caregiver unit and the
// administrator exchange a few messages and replies, with an item of every type (MediaFile,
// AudioFile, InlineHTML, InlineHTMLTrack, IFrame, FavoriteList, Recipe, Image, Link, Question),
// some unread, and one game message, so a newcomer finds every messaging screen populated.
// Today's recommendations are demo-messages.ts's (ids 10 and 11). Everything goes through what the
// API uses: photos through the upload's rules (sniffed, owned by their uploader), messages, items,
// sending and read times through the message decider, on message-{id} streams. Fixed ids below
// the sequences (migration 006), spread over the last days so the lists read like a week.

/** Message ids of the conversations; items are 400 and up. */
export const demoConversationIds = { visit: 20, week: 21, party: 22, partyReply: 23, game: 24, request: 25 } as const;

type Item = EventOf<'MessageItemAdded'>['data']['item'];
type ItemContent = Omit<Item, 'itemId'>;

const item = (type: Item['type'], fields: Partial<ItemContent> = {}): ItemContent => ({
  type,
  html: null,
  audioFileId: null,
  recipeId: null,
  fileId: null,
  url: null,
  contentType: null,
  trackClicks: false,
  ...fields,
});

/** A picture drawn for the demo: real PNG or JPEG bytes, as a phone would send. */
async function drawPhoto(svg: string, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 82 }).toBuffer();
}

const gardenSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="533">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ea"/><stop offset="1" stop-color="#d8eef7"/></linearGradient></defs>
  <rect width="800" height="533" fill="url(#sky)"/>
  <circle cx="650" cy="110" r="60" fill="#f7d358"/>
  <path d="M0 330 Q200 280 400 320 T800 300 V533 H0 Z" fill="#5e9e4f"/>
  <path d="M0 400 Q250 360 520 410 T800 390 V533 H0 Z" fill="#4a8a3d"/>
  <rect x="110" y="230" width="26" height="140" fill="#7a5334"/><circle cx="123" cy="210" r="80" fill="#3f7d34"/>
  <rect x="430" y="400" width="180" height="16" rx="6" fill="#8b5a2b"/><rect x="440" y="416" width="12" height="40" fill="#6b4420"/><rect x="588" y="416" width="12" height="40" fill="#6b4420"/>
  <rect x="430" y="360" width="180" height="12" rx="6" fill="#8b5a2b"/>
  ${Array.from({ length: 14 }, (_, i) => `<circle cx="${40 + i * 55}" cy="${470 + (i % 3) * 18}" r="11" fill="${['#e05a7a', '#f2b134', '#ffffff', '#b07cd8'][i % 4]}"/>`).join('')}
</svg>`;

const singAlongSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <rect width="640" height="480" fill="#f3e6cf"/><rect y="330" width="640" height="150" fill="#b98d5b"/>
  <rect x="60" y="170" width="230" height="170" rx="8" fill="#2b2b2b"/><rect x="70" y="250" width="210" height="30" fill="#f5f5f5"/>
  ${Array.from({ length: 9 }, (_, i) => `<rect x="${76 + i * 23}" y="250" width="12" height="18" fill="#2b2b2b"/>`).join('')}
  <circle cx="420" cy="230" r="42" fill="#e8b796"/><rect x="372" y="272" width="96" height="120" rx="30" fill="#2a7a5b"/>
  <circle cx="540" cy="250" r="36" fill="#d9a07e"/><rect x="500" y="286" width="82" height="104" rx="28" fill="#b3261e"/>
  <g fill="#1f2a24"><ellipse cx="330" cy="120" rx="14" ry="10"/><rect x="340" y="60" width="4" height="60"/><ellipse cx="380" cy="100" rx="14" ry="10"/><rect x="390" y="40" width="4" height="60"/><rect x="340" y="56" width="54" height="8"/></g>
</svg>`;

const coffeeSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
  <rect width="480" height="360" fill="#fbe9d0"/><rect y="250" width="480" height="110" fill="#c79a6b"/>
  <path d="M170 170 h120 v70 a60 40 0 0 1 -120 0 Z" fill="#ffffff" stroke="#9c7a54" stroke-width="4"/>
  <path d="M290 185 a24 24 0 0 1 0 44" fill="none" stroke="#9c7a54" stroke-width="8"/>
  <ellipse cx="230" cy="172" rx="60" ry="10" fill="#6b4420"/>
  <path d="M205 150 q10 -20 0 -40 M235 150 q10 -20 0 -40 M265 150 q10 -20 0 -40" stroke="#ffffff" stroke-width="5" fill="none"/>
  <circle cx="380" cy="230" r="34" fill="#e0a84f"/><circle cx="380" cy="230" r="10" fill="#fbe9d0"/>
</svg>`;

export interface ConversationDeps {
  sql: Sql;
  store: EventStore;
  files: FileStore;
}

/** Returns the number of messages made. Runs once, on the first seed, after demo-messages.ts. */
export async function seedDemoConversations({ sql, store, files }: ConversationDeps, now: Date): Promise<number> {
  const users = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM users')).map((u) => [u.name, Number(u.id)]));
  const relativeId = users.get(demoRelative.name);
  const caregiverId = users.get(demoRelative.unit);
  const adminId = users.get(demoAdmin.name);
  if (relativeId === undefined || caregiverId === undefined || adminId === undefined) throw new Error('Demo conversations need the relative, the caregiver unit and the administrator');
  const audioIds = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM audio_files')).map((a) => [a.name, Number(a.id)]));
  const audioIdOf = (slug: string) => audioIds.get(demoAudioFiles.find((f) => f.slug === slug)?.name ?? '') ?? null;
  const [recipe] = await sql.query<{ id: number }>('SELECT id FROM recipes WHERE name = $1', [demoRecipes[0]!.name]);

  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const deps = { sql, files, now: () => now };
  const [garden, coffee] = await storeUploadedBytes(deps, relativeId, [
    { name: 'Garden bench.png', bytes: await drawPhoto(gardenSvg, 'png') },
    { name: 'Coffee with Aino.jpg', bytes: await drawPhoto(coffeeSvg, 'jpeg') },
  ]);
  const [singAlong] = await storeUploadedBytes(deps, caregiverId, [{ name: 'Sing-along on Tuesday.jpg', bytes: await drawPhoto(singAlongSvg, 'jpeg') }]);

  const run = (command: MessageCommand) => runMessageCommand({ store, sql }, command);
  let nextItemId = 400;
  /** A message as the browser makes it: drafted, its items added, then sent. */
  const send = async (messageId: number, userId: number, at: string, message: object, items: ItemContent[]) => {
    await run({ kind: 'create', messageId, userId, message: NewMessage.parse(message), at });
    for (const content of items) await run({ kind: 'addItem', messageId, userId, itemId: nextItemId++, item: content, at });
    await run({ kind: 'change', messageId, userId, change: { sent: true }, at });
  };
  const read = (messageId: number, userId: number, at: string) => run({ kind: 'setReadTime', messageId, userId, userGroupId: null, readTime: at, at });
  let replies = 0;
  const groups = new Map((await sql.query<{ id: number; user_group_id: number | null }>('SELECT id, user_group_id FROM users')).map((u) => [Number(u.id), u.user_group_id === null ? null : Number(u.user_group_id)]));
  /** A reply as POST /api/message-replies posts it (which marks the message and discussion read for its writer). */
  const reply = (messageId: number, userId: number, at: string, text: string, fileId: number | null = null) =>
    run({ kind: 'postReply', messageId, userId, userGroupId: groups.get(userId) ?? null, replyId: eventId('demo-reply', messageId, replies++), text, fileId, at });

  const ids = demoConversationIds;
  // The relative writes to the unit with photos of Sunday's visit; the unit answered (which marks
  // it read), and the relative's last reply is new in the discussion.
  await send(ids.visit, relativeId, hoursAgo(50), { title: "Photos from Sunday's visit", recipients: [{ id: caregiverId }], recipientCanReply: true }, [
    item('MediaFile', { fileId: garden!.id }),
    item('InlineHTML', { html: '<p>Mum enjoyed sitting on the garden bench so much. Could you take her out again when the weather is fine?</p>' }),
  ]);
  await reply(ids.visit, caregiverId, hoursAgo(30), 'Thank you for the photo! We printed it for her room. We go out on Thursday if it does not rain.');
  await reply(ids.visit, relativeId, hoursAgo(5), 'Wonderful. Here is one more from our coffee break.', coffee!.id);

  // The unit tells the relative about the week: a photo, her favourite song, a question and a link.
  await send(ids.week, caregiverId, hoursAgo(26), { title: "Aino's week", recipients: [{ id: relativeId }], recipientCanReply: true }, [
    item('Image', { fileId: singAlong!.id }),
    item('InlineHTML', { html: '<p>Aino sang along with every verse at Tuesday\'s sing-along. This was the song she asked for:</p>' }),
    item('AudioFile', { audioFileId: audioIdOf('kesaillan-valssi'), contentType: 'SingAlong' }),
    item('Question', { html: '<p>Which songs did Aino love when she was young? Tell us in a reply and we will add them to her list.</p>' }),
    item('Link', { url: 'https://www.kotikallio.example/visiting-hours', html: '<p>Visiting hours in summer</p>' }),
  ]);
  await reply(ids.week, relativeId, hoursAgo(20), 'She loved the old waltzes, and hymns on Sundays.');

  // The office announces the summer party to the units, with the map, the programme and a list to play.
  await send(ids.party, adminId, hoursAgo(72), { title: 'Summer party on Friday', recipients: demoAdmin.administers.flatMap((name) => (users.has(name) ? [{ id: users.get(name)! }] : [])), recipientCanReply: true }, [
    item('InlineHTMLTrack', { html: '<p><strong>Summer party</strong> on Friday at 14 in the garden of Kotikallio. Coffee, music and dancing!</p>', contentType: 'News', trackClicks: true }),
    item('IFrame', { url: 'https://www.openstreetmap.org/export/embed.html?bbox=24.93%2C60.16%2C24.96%2C60.18&layer=mapnik' }),
    item('Recipe', { recipeId: recipe ? Number(recipe.id) : null, contentType: 'Music' }),
    item('FavoriteList', { html: '<p>Play the list "Recommended by the office" while the guests arrive.</p>' }),
  ]);
  // The unit answers with a message of its own ("Reply to: Summer party on Friday"), still unread by
  // the office; the announcement itself is still unread on the other units' lists and the caregiver's.
  await send(ids.partyReply, caregiverId, hoursAgo(58), { title: 'Re: Summer party on Friday', recipients: [{ id: adminId }], replyToMessageId: ids.party }, [
    item('InlineHTML', { html: '<p>Ward A comes with six residents and two nurses. Aino would love to sing a song with the band.</p>' }),
  ]);

  // A game for the relative to play with Aino: name the tune.
  await send(ids.game, caregiverId, hoursAgo(8), { title: 'Name the tune', recipients: [{ id: relativeId }], game: true }, [
    item('InlineHTML', { html: '<p>Listen together and guess the name of the song. The answer is in the next item!</p>' }),
    item('AudioFile', { audioFileId: audioIdOf('koivun-alla'), contentType: 'Game' }),
    item('Question', { html: '<p>Did you guess it? It was "Koivun alla".</p>' }),
  ]);

  // The unit asks the office for something; the office has read it.
  await send(ids.request, caregiverId, hoursAgo(96), { title: 'New exercise programs?', recipients: [{ id: adminId }], recipientCanReply: true }, [
    item('InlineHTML', { html: '<p>Our residents would like more chair exercises. Could the office add a few programs?</p>' }),
  ]);
  await read(ids.request, adminId, hoursAgo(90));
  await reply(ids.request, adminId, hoursAgo(89), 'Good idea! Three new programs are coming next week.');

  return Object.keys(ids).length;
}
