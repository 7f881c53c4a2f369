import { hashOneTimeSecret, newLoginToken } from '../../infra/auth/one-time-codes.ts';
import { hashPassword } from '../../infra/auth/password.ts';
import { createFileStore, type FileStore } from '../../infra/files/file-store.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { writeDemoAudio } from './demo-audio-files.ts';
import { insertDemoFooterFiles, writeDemoFooterFiles } from './demo-footer-files.ts';
import { audioObjectKey, coverObjectKey, demoAlbums, demoArtists, demoAudioFiles, demoCategories, demoRecipes, demoVideos, videoCategory } from './demo-library.ts';
import { allDemoUserNames, demoAdmin, demoAdminInvited, demoEasyUser, demoInvitedRelatives, demoMessageReceivers, demoOperator, demoPassword, demoPublicReportToken, demoPublicUser, demoRelative, demoUnits, demoUserGroups, differingFromDefaults } from './demo-units.ts';
import { seedDemoBackOffice, seedDemoEvaluations } from './demo-back-office.ts';
import { insertAudited } from './insert-audited.ts';
import { seedDemoFavorites } from './demo-favorites.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { seedDemoTimings } from './demo-timings.ts';

// Seeds the demo users and the content library on first start (issue 2, deliverable 8). Runs
// after the migrations; when any demo user exists it changes nothing in the database and only
// restores generated audio missing from DATA_DIR.

export interface SeedDemoDataOptions {
  sql: Sql;
  dataDir: string;
  /** Where the demo audio and covers go: the server's store (an object store when configured); DATA_DIR/files by default. */
  files?: FileStore;
  log?: (message: string) => void;
}

export interface SeedSummary {
  seeded: boolean;
  users: number;
  residents: number;
  activities: number;
  categories: number;
  artists: number;
  audioFiles: number;
  recipes: number;
  files: number;
  /** WAV files rendered in this run (all on first seed; the missing ones afterwards). */
  audioRendered: number;
  /** Bytes of generated audio and covers in the file store. */
  storedBytes: number;
  milliseconds: number;
}

type IdRow = { id: number; name: string };

const byName = (rows: IdRow[]): Map<string, number> => new Map(rows.map((row) => [row.name, row.id]));

function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`Demo seed refers to unknown ${name}`);
  return id;
}

export async function seedDemoData({ sql, dataDir, files = createFileStore(dataDir), log = () => undefined }: SeedDemoDataOptions): Promise<SeedSummary> {
  const started = performance.now();
  const summary = (seeded: boolean, counts: Partial<SeedSummary>, audio: { rendered: number; sizes: Map<string, number> }): SeedSummary => ({
    seeded,
    users: 0,
    residents: 0,
    activities: 0,
    categories: 0,
    artists: 0,
    audioFiles: 0,
    recipes: 0,
    files: 0,
    ...counts,
    audioRendered: audio.rendered,
    storedBytes: [...audio.sizes.values()].reduce((a, b) => a + b, 0),
    milliseconds: Math.round(performance.now() - started),
  });

  if (await demoUsersExist(sql)) {
    await writeDemoFooterFiles(files);
    const audio = await writeDemoAudio(files, demoAudioFiles, true);
    if (audio.rendered > 0) log(`Demo data present; restored ${audio.rendered} missing audio files`);
    return summary(false, {}, audio);
  }

  // Hashing runs on the libuv pool while the audio renders on this thread; one hash serves all
  // demo users, as argon2 is slow on purpose.
  const passwordHash = hashPassword(demoPassword);
  const audio = await writeDemoAudio(files, demoAudioFiles, true);
  await writeDemoFooterFiles(files);
  const hash = await passwordHash;

  const counts = await sql.transaction(async (tx) => {
    // Two processes starting on one fresh database must not both seed.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sointu-demo-seed'))`);
    if (await demoUsersExist(tx)) return null;
    return insertDemoData(tx, hash, audio.sizes);
  });
  if (!counts) return summary(false, {}, audio);
  // Favorites and messages are events, made through their commands once the reference rows are committed.
  await seedDemoFavorites(sql, new Date());
  await seedDemoMessages(sql, new Date(), files);
  await seedDemoEvaluations(sql, new Date());
  const result = summary(true, counts, audio);
  log(`Seeded demo data: ${result.users} users, ${result.audioFiles} audio files (${(result.storedBytes / 1e6).toFixed(1)} MB), ${result.categories} categories, ${result.recipes} recipes in ${result.milliseconds} ms`);
  return result;
}

async function demoUsersExist(q: Queryable): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users WHERE name = ANY($1::text[]) LIMIT 1', [allDemoUserNames]);
  return rows.length > 0;
}

async function insertDemoData(tx: Queryable, passwordHash: string, objectSizes: Map<string, number>): Promise<Partial<SeedSummary>> {
  const groupIds = byName(
    await insertAudited<IdRow>(tx, 'user_groups', { name: 'text', messages_name: 'text', description: 'text' },
      demoUserGroups.map((g) => ({ name: g.name, messages_name: g.messagesName, description: g.description })), 'id, name'),
  );

  const userColumns = {
    name: 'text', password_hash: 'text', organization: 'text', client_name: 'text', first_name: 'text', last_name: 'text', email: 'text',
    language: 'text', config: 'jsonb', user_group_id: 'integer', public_report_token_code: 'text', resident_id: 'integer',
    inserted_by_user_id: 'integer', public_report_user_id: 'integer',
  };
  const firstUsers = [
    ...demoUnits.map((unit) => ({
      name: unit.name, password_hash: passwordHash, organization: unit.organization, client_name: unit.clientName, email: unit.email,
      language: unit.language, config: differingFromDefaults(unit.config), user_group_id: idOf(groupIds, unit.userGroup),
      public_report_token_code: unit.name === demoPublicUser.reportOf ? demoPublicReportToken : null,
      ui_params: unit.instructions || unit.footer
        ? { instructions: { ...(unit.instructions ? { Info: unit.instructions } : {}), ...(unit.footer ? { Footer: unit.footer } : {}) } }
        : {},
    })),
    {
      name: demoAdmin.name, password_hash: passwordHash, organization: demoAdmin.organization, first_name: demoAdmin.firstName,
      last_name: demoAdmin.lastName, email: demoAdmin.email, language: 'fin', config: differingFromDefaults(demoAdmin.config), ui_params: {},
    },
  ];
  const userIds = byName(await insertAudited<IdRow>(tx, 'users', { ...userColumns, ui_params: 'jsonb' }, firstUsers, 'id, name'));

  await insertAudited(tx, 'user_admins', { admin_user_id: 'integer', user_id: 'integer' },
    demoAdmin.administers.map((unit) => ({ admin_user_id: idOf(userIds, demoAdmin.name), user_id: idOf(userIds, unit) })));

  const residents = await insertAudited<{ id: number; first_name: string; last_name: string; user_id: number }>(tx, 'residents',
    { first_name: 'text', last_name: 'text', identification: 'text', user_id: 'integer' },
    demoUnits.flatMap((unit) => unit.residents.map(([first_name, last_name, identification]) => ({ first_name, last_name, identification, user_id: idOf(userIds, unit.name) }))),
    'id, first_name, last_name, user_id');
  const activities = await insertAudited(tx, 'activities', { name: 'text', user_id: 'integer', active: 'boolean' },
    demoUnits.flatMap((unit) => unit.activities.map(([name, active]) => ({ name, active, user_id: idOf(userIds, unit.name) }))), 'id');

  const relativeUnitId = idOf(userIds, demoRelative.unit);
  const relativeOf = residents.find((r) => r.user_id === relativeUnitId && r.first_name === demoRelative.resident[0] && r.last_name === demoRelative.resident[1]);
  const easyUnitId = idOf(userIds, demoEasyUser.unit);
  const easyResident = residents.find((r) => r.user_id === easyUnitId && r.first_name === demoEasyUser.resident[0] && r.last_name === demoEasyUser.resident[1]);
  const easyGroup = demoUnits.find((unit) => unit.name === demoEasyUser.unit)!.userGroup;
  const laterUsers = await insertAudited<IdRow>(tx, 'users', userColumns, [
    {
      name: demoRelative.name, password_hash: passwordHash, first_name: demoRelative.firstName, last_name: demoRelative.lastName, email: demoRelative.email,
      language: 'fin', config: differingFromDefaults(demoRelative.config), resident_id: relativeOf?.id ?? null, inserted_by_user_id: relativeUnitId,
    },
    {
      name: demoAdminInvited.name, password_hash: passwordHash, first_name: demoAdminInvited.firstName, last_name: demoAdminInvited.lastName,
      email: demoAdminInvited.email, language: 'fin', config: differingFromDefaults(demoAdminInvited.config),
      resident_id: residents.find((r) => r.user_id === idOf(userIds, demoAdminInvited.unit) && r.first_name === demoAdminInvited.resident[0] && r.last_name === demoAdminInvited.resident[1])?.id ?? null,
      inserted_by_user_id: idOf(userIds, demoAdmin.name),
    },
    {
      name: demoPublicUser.name, password_hash: passwordHash, organization: demoPublicUser.organization, client_name: demoPublicUser.clientName,
      language: 'fin', config: differingFromDefaults(demoPublicUser.config), public_report_user_id: idOf(userIds, demoPublicUser.reportOf),
    },
    {
      name: demoEasyUser.name, password_hash: passwordHash, organization: 'Kotikallio care home', first_name: demoEasyUser.firstName, last_name: demoEasyUser.lastName,
      language: 'fin', config: differingFromDefaults(demoEasyUser.config), user_group_id: idOf(groupIds, easyGroup), resident_id: easyResident?.id ?? null, inserted_by_user_id: easyUnitId,
    },
  ], 'id, name');
  await insertAudited(tx, 'user_admins', { admin_user_id: 'integer', user_id: 'integer' },
    [{ admin_user_id: idOf(userIds, demoAdmin.name), user_id: idOf(byName(laterUsers), demoAdminInvited.name) }]);
  // A key missing from a row would insert NULL, not the column's default: the operator has a statement of its own.
  const operators = await insertAudited<IdRow>(tx, 'users', { ...userColumns, operator: 'boolean' }, [{
    name: demoOperator.name, password_hash: passwordHash, organization: demoOperator.organization, first_name: demoOperator.firstName,
    last_name: demoOperator.lastName, email: demoOperator.email, language: 'fin', config: differingFromDefaults(demoOperator.config), operator: true,
  }], 'id, name');

  await insertDemoFooterFiles(tx, userIds);
  const everyone = new Map([...userIds, ...laterUsers.map((u): [string, number] => [u.name, Number(u.id)])]);
  await insertMessageReceivers(tx, everyone, groupIds);
  const invited = await insertInvitedRelatives(tx, userIds, residents, new Date());

  const library = await insertLibrary(tx, objectSizes);
  await seedDemoTimings(tx, groupIds, byName(await tx.query<IdRow>('SELECT id, name FROM recipes')), new Date());
  await seedDemoBackOffice(tx, groupIds, everyone, new Date());
  return { users: userIds.size + laterUsers.length + operators.length + invited, residents: residents.length, activities: activities.length, ...library };
}

/**
 * The administrator's invitations (demoInvitedRelatives): what invite-user writes, without the mail.
 * Returns how many users it added.
 */
async function insertInvitedRelatives(tx: Queryable, userIds: Map<string, number>, residents: Array<{ id: number; first_name: string; last_name: string; user_id: number }>, now: Date): Promise<number> {
  const adminId = idOf(userIds, demoAdmin.name);
  const plan = demoInvitedRelatives.map((invite) => {
    const unitId = idOf(userIds, invite.unit);
    const unit = demoUnits.find((u) => u.name === invite.unit)!;
    const resident = residents.find((r) => r.user_id === unitId && r.first_name === invite.resident[0] && r.last_name === invite.resident[1]);
    return { invite, unitId, unit, residentId: resident?.id ?? null };
  });
  const users = byName(await insertAudited<IdRow>(tx, 'users',
    { name: 'text', first_name: 'text', last_name: 'text', email: 'text', language: 'text', organization: 'text', config: 'jsonb', resident_id: 'integer', inserted_by_user_id: 'integer', login_token: 'text', login_token_expires: 'timestamptz' },
    plan.map(({ invite, residentId }) => ({
      name: invite.email, first_name: invite.firstName, last_name: invite.lastName, email: invite.email, language: invite.language, organization: demoAdmin.organization,
      config: { betweenFamilies: true, msgs: true }, resident_id: residentId, inserted_by_user_id: adminId,
      login_token: hashOneTimeSecret(newLoginToken()), login_token_expires: new Date(now.getTime() + invite.linkDays * 86_400_000).toISOString(),
    })), 'id, name'));
  const idOfInvited = (email: string) => idOf(users, email);
  await insertAudited(tx, 'user_admins', { admin_user_id: 'integer', user_id: 'integer' }, plan.map(({ invite }) => ({ admin_user_id: adminId, user_id: idOfInvited(invite.email) })));
  await insertAudited(tx, 'message_receivers', { user_id: 'integer', receiver_user_id: 'integer' },
    plan.flatMap(({ invite, unitId }) => [{ user_id: idOfInvited(invite.email), receiver_user_id: unitId }, { user_id: unitId, receiver_user_id: idOfInvited(invite.email) }]));
  await insertAudited(tx, 'default_message_recipients', { src_user_id: 'integer', dst_user_id: 'integer', recipient_name: 'text' },
    plan.map(({ invite, unitId, unit }) => ({ src_user_id: idOfInvited(invite.email), dst_user_id: unitId, recipient_name: unit.clientName })));
  return users.size;
}

async function insertMessageReceivers(tx: Queryable, userIds: Map<string, number>, groupIds: Map<string, number>): Promise<void> {
  const plan = demoMessageReceivers();
  await insertAudited(tx, 'message_receivers', { user_id: 'integer', receiver_user_id: 'integer' },
    plan.flatMap((p) => p.users.map((to) => ({ user_id: idOf(userIds, p.from), receiver_user_id: idOf(userIds, to) }))));
  await insertAudited(tx, 'message_receiver_groups', { user_id: 'integer', user_group_id: 'integer' },
    plan.flatMap((p) => p.groups.map((group) => ({ user_id: idOf(userIds, p.from), user_group_id: idOf(groupIds, group) }))));
  await insertAudited(tx, 'default_message_recipients', { src_user_id: 'integer', dst_user_id: 'integer', recipient_name: 'text' },
    plan.flatMap((p) => p.defaults.map(([to, recipientName]) => ({ src_user_id: idOf(userIds, p.from), dst_user_id: idOf(userIds, to), recipient_name: recipientName }))));
}

async function insertLibrary(tx: Queryable, objectSizes: Map<string, number>): Promise<Partial<SeedSummary>> {
  const files = await insertAudited<{ id: number; object_key: string }>(tx, 'files',
    { name: 'text', description: 'text', content_type: 'text', object_key: 'text', size: 'bigint', has_object: 'boolean' },
    [
      ...demoAudioFiles.map((file) => ({ name: `${file.slug}.wav`, description: file.name, content_type: 'audio/wav', object_key: audioObjectKey(file), size: objectSizes.get(audioObjectKey(file)) ?? 0, has_object: true })),
      ...Object.keys(demoAlbums).map((album) => ({ name: `${album}.png`, description: `Cover of ${album}`, content_type: 'image/png', object_key: coverObjectKey(album), size: objectSizes.get(coverObjectKey(album)) ?? 0, has_object: true })),
      ...demoVideos.map((video) => ({ name: video.name, description: video.description, content_type: 'video/mp4', object_key: video.objectKey, size: 0, has_object: false })),
    ], 'id, object_key');
  const fileIds = new Map(files.map((f) => [f.object_key, f.id]));

  const categoryIds = byName(await insertAudited<IdRow>(tx, 'categories',
    { name: 'text', type: 'text', description: 'text', content_type: 'text', content_type_priority: 'integer', usage_report: 'text' },
    demoCategories.map((c) => ({ name: c.name, type: c.type, description: c.description, content_type: c.contentType, content_type_priority: c.contentTypePriority, usage_report: c.usageReport })),
    'id, name'));

  const artistIds = byName(await insertAudited<IdRow>(tx, 'artists', { name: 'text', first_name: 'text', last_name: 'text', group: 'boolean', info: 'text' },
    demoArtists.map((a) => ({ name: a.name, first_name: a.firstName, last_name: a.lastName, group: a.group, info: a.info })), 'id, name'));

  const audioRows = await insertAudited<{ id: number; file_id: number }>(tx, 'audio_files',
    { type: 'text', name: 'text', composer: 'text', artist: 'text', description: 'text', track: 'integer', album: 'text', file_id: 'integer', image_id: 'integer', disc_code: 'text', length: 'integer', file_time: 'timestamptz' },
    demoAudioFiles.map((file) => ({
      type: file.type, name: file.name, composer: file.composer, artist: file.artists.join(', '), description: file.description, track: file.track,
      album: file.album, file_id: fileIds.get(audioObjectKey(file)), image_id: fileIds.get(coverObjectKey(file.album)) ?? null, disc_code: 'SOINTU-DEMO', length: file.length, file_time: new Date().toISOString(),
    })), 'id, file_id');
  const audioIdByFileId = new Map(audioRows.map((row) => [row.file_id, row.id]));
  const audioIdBySlug = new Map(demoAudioFiles.map((file) => [file.slug, audioIdByFileId.get(fileIds.get(audioObjectKey(file)) ?? -1) ?? -1]));

  await insertAudited(tx, 'audio_file_categories', { audio_file_id: 'integer', category_id: 'integer', priority: 'integer' },
    demoAudioFiles.flatMap((file) => file.categories.map((c) => ({ audio_file_id: audioIdBySlug.get(file.slug), category_id: idOf(categoryIds, c.name), priority: c.priority }))));
  await insertAudited(tx, 'audio_file_artists', { audio_file_id: 'integer', artist_id: 'integer' },
    demoAudioFiles.flatMap((file) => file.artists.map((name) => ({ audio_file_id: audioIdBySlug.get(file.slug), artist_id: idOf(artistIds, name) }))));
  await insertAudited(tx, 'file_categories', { file_id: 'integer', category_id: 'integer' },
    demoVideos.map((video) => ({ file_id: fileIds.get(video.objectKey), category_id: idOf(categoryIds, videoCategory) })));

  const recipeIds = byName(await insertAudited<IdRow>(tx, 'recipes', { name: 'text', description: 'text', author: 'text', search_priority: 'integer' },
    demoRecipes.map((r) => ({ name: r.name, description: r.description, author: 'Sointu demo', search_priority: r.searchPriority })), 'id, name'));
  await insertAudited(tx, 'recipe_items', { recipe_id: 'integer', type: 'text', order: 'integer', audio_file_id: 'integer' },
    demoRecipes.flatMap((recipe) => recipe.items.map((item, order) => ({ recipe_id: idOf(recipeIds, recipe.name), type: item.type, order, audio_file_id: audioIdBySlug.get(item.slug) }))));

  return { categories: categoryIds.size, artists: artistIds.size, audioFiles: audioRows.length, recipes: recipeIds.size, files: files.length };
}
