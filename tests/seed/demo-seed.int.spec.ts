import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { DateTime } from 'luxon';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../infra/auth/password.ts';
import { mayReadFile } from '../../domain/files/file-access.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createFileStore } from '../../infra/files/file-store.ts';
import { loadPlanLibrary } from '../../tools/generate/workload-reference.ts';
import { contentTypes } from '../../tools/seed/demo-library.ts';
import { demoMessageId } from '../../tools/seed/demo-messages.ts';
import { loadAddressable } from '../../queries/messages/get-message-recipients.ts';
import { demoAdmin, demoAdminInvited, demoEasyUser, demoInvitedRelatives, demoLogins, demoPassword, demoPublicReportToken, demoRelative, demoUnits } from '../../tools/seed/demo-units.ts';
import { seedDemoData, type SeedSummary } from '../../tools/seed/seed-demo-data.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { UserConfig } from '../../schemas/api/user.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

/** Reads the header of a PCM WAV independently of the code that wrote it. */
function readWav(bytes: Buffer): { channels: number; sampleRate: number; bitsPerSample: number; seconds: number } {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  let offset = 12;
  let format: { channels: number; sampleRate: number; byteRate: number; bitsPerSample: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      expect(bytes.readUInt16LE(offset + 8)).toBe(1); // PCM
      format = { channels: bytes.readUInt16LE(offset + 10), sampleRate: bytes.readUInt32LE(offset + 12), byteRate: bytes.readUInt32LE(offset + 16), bitsPerSample: bytes.readUInt16LE(offset + 22) };
    }
    if (id === 'data') {
      if (!format) throw new Error('data chunk before fmt chunk');
      expect(offset + 8 + size).toBe(bytes.length);
      return { ...format, seconds: size / format.byteRate };
    }
    offset += 8 + size;
  }
  throw new Error('no data chunk');
}

const count = async (sql: Sql, query: string, params: unknown[] = []): Promise<number> => {
  const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${query}) q`, params as never[]);
  return row!.n;
};

describe.each(['pglite', 'postgres'] as const)('seedDemoData on %s', (database) => {
  let sql: Sql;
  let dataDir: string;
  let first: SeedSummary;
  let second: SeedSummary;

  beforeAll(async () => {
    sql = database === 'pglite' ? await emptyPglite() : createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
    await migrate(sql);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-seed-'));
    first = await seedDemoData({ sql, dataDir });
    second = await seedDemoData({ sql, dataDir });
  });

  afterAll(async () => {
    await sql?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should create everything on the first run and nothing on the second', async () => {
    expect(first.seeded).toBe(true);
    expect(second.seeded).toBe(false);
    expect(second.audioRendered).toBe(0);
    expect(await count(sql, 'SELECT * FROM users')).toBe(first.users);
    expect(await count(sql, 'SELECT * FROM audio_files')).toBe(first.audioFiles);
    expect(await count(sql, 'SELECT * FROM categories')).toBe(first.categories);
    expect(await count(sql, 'SELECT * FROM residents')).toBe(first.residents);
    expect(await count(sql, 'SELECT * FROM activities')).toBe(first.activities);
    expect(await count(sql, 'SELECT * FROM recipes')).toBe(first.recipes);
    expect(await count(sql, 'SELECT name FROM users GROUP BY name HAVING count(*) > 1')).toBe(0);
  });

  it('should let every demo login sign in with the demo password, and no other password', async () => {
    for (const name of demoLogins) {
      const [user] = await sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE name = $1', [name]);
      expect(await verifyPassword(user!.password_hash, demoPassword), name).toBe(true);
      expect(await verifyPassword(user!.password_hash, 'sointu-demo2'), name).toBe(false);
    }
  });

  it('should give each demo user the accounts and flags of their role', async () => {
    const users = await sql.query<{ id: number; name: string; config: Record<string, unknown>; resident_id: number | null; inserted_by_user_id: number | null; public_report_token_code: string | null; public_report_user_id: number | null }>(
      'SELECT id, name, config, resident_id, inserted_by_user_id, public_report_token_code, public_report_user_id FROM users',
    );
    const user = (name: string) => users.find((u) => u.name === name)!;
    const defaults = UserConfig.parse({});
    for (const u of users) {
      for (const [flag, value] of Object.entries(u.config)) expect(value, `${u.name}.${flag}`).not.toEqual(defaults[flag as keyof UserConfig]);
      expect(() => UserConfig.parse(u.config)).not.toThrow();
    }
    const caregiver = user('caregiver');
    expect(caregiver.config).toMatchObject({
      canStartSession: true,
      usageReport: true,
      canCreateResidents: true,
      canCreateActivities: true,
      music: 'enabled',
      showDetailedSessionReport: true,
      showDetailedVideoReport: true,
    });
    expect(caregiver.public_report_token_code).toBe(demoPublicReportToken);
    expect(await count(sql, 'SELECT * FROM residents WHERE user_id = $1 AND active', [caregiver.id])).toBeGreaterThanOrEqual(6);
    expect(await count(sql, 'SELECT * FROM activities WHERE user_id = $1 AND active', [caregiver.id])).toBeGreaterThanOrEqual(4);

    const admin = user('admin');
    expect(admin.config).toMatchObject({ usageReport: true, showDetailedSessionReport: true, showAccountManagement: true, canInviteUsers: true });
    const administered = await sql.query<{ name: string }>('SELECT u.name FROM user_admins a JOIN users u ON u.id = a.user_id WHERE a.admin_user_id = $1', [admin.id]);
    expect(administered.map((u) => u.name)).toContain('caregiver');
    expect(administered.length).toBeGreaterThanOrEqual(3);

    const relative = user('relative');
    expect(relative.config).toMatchObject({ betweenFamilies: true });
    expect(relative.inserted_by_user_id).toBe(caregiver.id);
    expect(await count(sql, 'SELECT * FROM residents WHERE id = $1 AND user_id = $2', [relative.resident_id, caregiver.id])).toBe(1);

    expect(user('public').config).toMatchObject({ showOnlyPublicReport: true, showPublicReport: true });
    expect(user('public').public_report_user_id).toBe(caregiver.id);
    expect(users.some((u) => u.config.timeZone === 'Europe/Stockholm')).toBe(true);

    // The easy-mode resident of Ward B, with their easy list and today's recommendations.
    const easy = user('easy');
    const wardB = user('kotikallio-b');
    expect(easy.config).toMatchObject({ mode: 'easy', easyFavoriteListName: demoEasyUser.config.easyFavoriteListName });
    expect(easy.inserted_by_user_id).toBe(wardB.id);
    expect(await count(sql, 'SELECT * FROM residents WHERE id = $1 AND user_id = $2', [easy.resident_id, wardB.id])).toBe(1);
    expect(await count(sql, "SELECT * FROM events WHERE type = 'FavoriteListCreated' AND data->>'name' = $1", [demoEasyUser.config.easyFavoriteListName])).toBe(1);
    expect(await count(sql, 'SELECT * FROM messages WHERE recommendation AND sent AND $1 = ANY(recipients)', [easy.id])).toBe(1);
  });

  it('should give each demo user the message receivers of their role', async () => {
    const receivers = async (name: string) =>
      (await sql.query<{ name: string }>(
        'SELECT r.name FROM message_receivers m JOIN users s ON s.id = m.user_id JOIN users r ON r.id = m.receiver_user_id WHERE s.name = $1 ORDER BY r.name',
        [name],
      )).map((r) => r.name);
    const groups = async (name: string) =>
      (await sql.query<{ name: string }>(
        'SELECT g.name FROM message_receiver_groups m JOIN users s ON s.id = m.user_id JOIN user_groups g ON g.id = m.user_group_id WHERE s.name = $1 ORDER BY g.name',
        [name],
      )).map((g) => g.name);
    expect(await receivers('relative')).toEqual(['caregiver']);
    expect(await groups('relative')).toEqual(['Kotikallio care home']);
    const defaults = await sql.query<{ name: string; recipient_name: string }>(
      "SELECT d.name, m.recipient_name FROM default_message_recipients m JOIN users s ON s.id = m.src_user_id JOIN users d ON d.id = m.dst_user_id WHERE s.name = 'relative'",
    );
    expect(defaults).toEqual([{ name: 'caregiver', recipient_name: 'Kotikallio, Ward A' }]);
    // The invited relatives (issue 17) write to their resident's unit and it to them, as invite-user makes them.
    const invited: string[] = demoInvitedRelatives.map((r) => r.email);
    expect((await receivers('caregiver')).filter((name) => !invited.includes(name))).toEqual(['admin', 'relative']);
    expect(await receivers('caregiver')).toEqual(expect.arrayContaining(demoInvitedRelatives.filter((r) => r.unit === 'caregiver').map((r) => r.email)));
    const administered = await sql.query<{ name: string }>("SELECT u.name FROM user_admins a JOIN users u ON u.id = a.user_id JOIN users s ON s.id = a.admin_user_id WHERE s.name = 'admin' ORDER BY u.name");
    expect(await receivers('admin')).toEqual(administered.map((u) => u.name).filter((name) => !invited.includes(name)));
    expect((await groups('admin')).length).toBeGreaterThanOrEqual(2);
    for (const nobody of ['public', 'operator']) {
      expect(await receivers(nobody)).toEqual([]);
      expect(await groups(nobody)).toEqual([]);
    }
  });

  it('should let the relative, the caregiver unit and the administrator address each other through GET /api/message-recipients', async () => {
    const ids = new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM users')).map((u) => [u.name, Number(u.id)]));
    const addressable = async (name: string) => (await loadAddressable(sql, ids.get(name)!)).users.map((u) => u.id);
    expect(await addressable('relative')).toEqual([ids.get('caregiver')]);
    expect(await addressable('caregiver')).toEqual(expect.arrayContaining([ids.get('relative'), ids.get('admin')]));
    expect(await addressable('admin')).toContain(ids.get('caregiver'));
    // The unit sees whose relative writes: the resident's names, as the messenger shows them.
    const relative = (await loadAddressable(sql, ids.get('caregiver')!)).users.find((u) => u.id === ids.get('relative'));
    expect(relative).toMatchObject({ residentFirstName: 'Aino', residentLastName: 'Virtanen' });
    expect((await loadAddressable(sql, ids.get('relative')!)).users[0]).toMatchObject({ default: true, recipientName: 'Kotikallio, Ward A' });
  });

  it('should give the administrator canInviteUsers and relatives they invited, links pending and expired', async () => {
    const [admin] = await sql.query<{ id: number; can_invite: boolean }>("SELECT id, (config ->> 'canInviteUsers')::boolean AS can_invite FROM users WHERE name = 'admin'");
    expect(admin!.can_invite).toBe(true);
    const invited = await sql.query<{ name: string; pending: boolean; password_hash: string | null; administered: boolean; recipient: string | null }>(
      `SELECT u.name, u.login_token_expires > now() AS pending, u.password_hash,
              EXISTS (SELECT 1 FROM user_admins a WHERE a.admin_user_id = $1 AND a.user_id = u.id) AS administered,
              (SELECT recipient_name FROM default_message_recipients d WHERE d.src_user_id = u.id) AS recipient
       FROM users u WHERE u.inserted_by_user_id = $1 AND u.name <> $2 ORDER BY u.name`,
      // Liisa Mäkinen was added with a password, for /users' Remove User: not an invitation.
      [admin!.id, demoAdminInvited.name],
    );
    expect(invited.length).toBeGreaterThanOrEqual(3);
    expect(new Set(invited.map((u) => u.pending))).toEqual(new Set([true, false]));
    for (const user of invited) expect(user).toMatchObject({ password_hash: null, administered: true, recipient: expect.any(String) });
  });

  it('should hold at least 40 audio files, each a playable WAV exactly as long as its length', async () => {
    const rows = await sql.query<{ name: string; type: string; length: number; object_key: string; size: number; content_type: string }>(
      'SELECT a.name, a.type, a.length, f.object_key, f.size::int AS size, f.content_type FROM audio_files a JOIN files f ON f.id = a.file_id',
    );
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['MusicPiece', 'AudioProgram']));
    const store = createFileStore(dataDir);
    let totalBytes = 0;
    for (const row of rows) {
      const bytes = await store.read(row.object_key);
      const wav = readWav(bytes);
      expect(wav, row.name).toMatchObject({ channels: 1, bitsPerSample: 16 });
      expect(wav.seconds, row.name).toBe(row.length);
      expect(row.length, row.name).toBeGreaterThanOrEqual(20);
      expect(row.size, row.name).toBe(bytes.length);
      expect(row.content_type).toBe('audio/wav');
      // Not silence: a real signal reaches a reasonable level.
      let peak = 0;
      for (let i = 44; i < bytes.length; i += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(i)));
      expect(peak, row.name).toBeGreaterThan(10_000);
      totalBytes += bytes.length;
    }
    expect(totalBytes).toBeLessThan(40e6);
  });

  it('should give every audio file a 250 pixel PNG cover from the file store', async () => {
    const covers = await sql.query<{ object_key: string; size: number }>(
      'SELECT DISTINCT f.object_key, f.size::int AS size FROM audio_files a JOIN files f ON f.id = a.image_id',
    );
    expect(await count(sql, 'SELECT * FROM audio_files WHERE image_id IS NULL')).toBe(0);
    const store = createFileStore(dataDir);
    for (const cover of covers) {
      const png = await store.read(cover.object_key);
      expect(png.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])), cover.object_key).toBe(true);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([250, 250]);
      expect(png.length).toBe(cover.size);
    }
  });

  it('should have an active category of every content type, and every audio file in a category', async () => {
    const categories = await sql.query<{ content_type: string; type: string }>('SELECT content_type, type FROM categories WHERE active');
    expect(new Set(categories.map((c) => c.content_type))).toEqual(new Set(contentTypes));
    expect(new Set(categories.map((c) => c.type))).toEqual(new Set(['Music', 'Program', 'Video']));
    expect(await count(sql, 'SELECT * FROM audio_files a WHERE NOT EXISTS (SELECT 1 FROM audio_file_categories c WHERE c.audio_file_id = a.id)')).toBe(0);
    expect(await count(sql, "SELECT * FROM files f JOIN file_categories c ON c.file_id = f.id WHERE f.content_type LIKE 'video/%'")).toBeGreaterThanOrEqual(2);
  });

  it('should have recipes with items of every recipe content type, each pointing at an audio file', async () => {
    const items = await sql.query<{ type: string; audio_file_id: number | null }>('SELECT type, audio_file_id FROM recipe_items');
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio']));
    expect(items.every((i) => i.audio_file_id !== null)).toBe(true);
    expect(first.recipes).toBeGreaterThanOrEqual(5);
    // Every recipe is complete: an item of every type (spec 2 section 4, issue 15).
    const perRecipe = await sql.query<{ types: number }>('SELECT count(DISTINCT type)::int AS types FROM recipe_items GROUP BY recipe_id');
    expect(perRecipe.every((r) => r.types === 7)).toBe(true);
  });

  it('should hold the message items the workload generator clicks, each with a content type', async () => {
    const items = await sql.query<{ id: number; content_type: string | null }>('SELECT id, content_type FROM message_items WHERE message_id = $1 ORDER BY id', [demoMessageId]);
    expect(items.map((i) => Number(i.id))).toEqual([...(await loadPlanLibrary(sql)).messageItemIds].sort((a, b) => a - b));
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.content_type !== null)).toBe(true);
  });

  it("should send every unit a usage-report message for each of the last four months, from the administrator's events", async () => {
    const months = await sql.query<{ month: string; recipients: number; items: number }>(
      `SELECT to_char(m.time AT TIME ZONE 'Europe/Helsinki', 'YYYY-MM') AS month, cardinality(m.recipients) AS recipients,
              (SELECT count(*)::int FROM message_items i WHERE i.message_id = m.id) AS items
         FROM messages m JOIN users u ON u.id = m.user_id
        WHERE m.usage_report AND m.sent AND u.name = $1 ORDER BY m.time`,
      [demoAdmin.name],
    );
    const thisMonth = DateTime.now().setZone('Europe/Helsinki').startOf('month');
    expect(months.map((m) => m.month)).toEqual([3, 2, 1, 0].map((n) => thisMonth.minus({ months: n }).toFormat('yyyy-MM')));
    expect(months.every((m) => m.recipients === demoAdmin.administers.length && m.items === 1)).toBe(true);
    expect(await count(sql, "SELECT * FROM events WHERE stream_id LIKE 'message-%'")).toBeGreaterThan(months.length * 3);
  });

  it("should give the caregiver and the relative a recommendation for today, active from the seed's day on with no end", async () => {
    const rows = await sql.query<{ name: string; titles: string[] }>(
      `SELECT u.name, array_agg(m.title ORDER BY m.id) AS titles
         FROM users u JOIN messages m ON u.id = ANY(m.recipients)
        WHERE u.name = ANY($1::text[]) AND m.recommendation AND m.sent AND m.active AND m.time <= now() AND m.expire_time IS NULL
        GROUP BY u.name ORDER BY u.name`,
      [[demoRelative.unit, demoRelative.name]],
    );
    expect(rows.map((r) => [r.name, r.titles.length > 0])).toEqual([[demoRelative.unit, true], [demoRelative.name, true]]);
  });

  it("should give Solgården its footer file: the administrator's HTML, stored, readable by the unit and its administrator only", async () => {
    const rows = await sql.query<{ id: number; owner: string; content_type: string; object_key: string; size: string }>(
      `SELECT f.id, o.name AS owner, f.content_type, f.object_key, f.size FROM users u JOIN files f ON f.id = u.footer_file_id JOIN users o ON o.id = f.user_id WHERE u.name = 'solgarden'`,
    );
    expect(rows).toHaveLength(1);
    const file = rows[0]!;
    expect(file).toMatchObject({ owner: demoAdmin.name, content_type: 'text/html; charset=utf-8' });
    const bytes = await createFileStore(dataDir).read(file.object_key);
    expect(bytes.toString('utf8')).toBe(demoUnits.find((unit) => unit.name === 'solgarden')!.footerFile!.html);
    expect(bytes.length).toBe(Number(file.size));
    const idOf = async (name: string) => Number((await sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [name]))[0]!.id);
    expect(await mayReadFile(sql, await idOf('solgarden'), Number(file.id))).toBe(true);
    expect(await mayReadFile(sql, await idOf(demoAdmin.name), Number(file.id))).toBe(true);
    expect(await mayReadFile(sql, await idOf('caregiver'), Number(file.id))).toBe(false);
    // The other units keep the default footer or their own text.
    expect(await count(sql, 'SELECT * FROM users WHERE footer_file_id IS NOT NULL')).toBe(1);
    expect(await count(sql, `SELECT * FROM logging WHERE "table" = 'users' AND action = 'UPDATE' AND new_data->>'footer_file_id' = $1`, [String(file.id)])).toBe(1);
  });

  it('should audit every seeded row in logging, without password hashes', async () => {
    for (const table of ['users', 'user_admins', 'user_groups', 'residents', 'activities', 'files', 'categories', 'artists', 'audio_files', 'audio_file_categories', 'audio_file_artists', 'recipes', 'recipe_items']) {
      const audited = await count(sql, `SELECT * FROM logging WHERE "table" = $1 AND action = 'INSERT'`, [table]);
      expect(audited, table).toBe(await count(sql, `SELECT * FROM ${table}`));
    }
    expect(await count(sql, "SELECT * FROM logging WHERE new_data ? 'password_hash'")).toBe(0);
  });

  it('should restore a missing audio file with the same bytes and leave the database alone', async () => {
    const [row] = await sql.query<{ object_key: string }>("SELECT object_key FROM files WHERE content_type = 'audio/wav' ORDER BY id LIMIT 1");
    const store = createFileStore(dataDir);
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const before = digest(await store.read(row!.object_key));
    const loggingRows = await count(sql, 'SELECT * FROM logging');
    await store.remove(row!.object_key);

    const third = await seedDemoData({ sql, dataDir });

    expect(third).toMatchObject({ seeded: false, audioRendered: 1 });
    expect(digest(await store.read(row!.object_key))).toBe(before);
    expect(await count(sql, 'SELECT * FROM logging')).toBe(loggingRows);
  });
});
