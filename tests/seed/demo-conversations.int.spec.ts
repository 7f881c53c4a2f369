import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayReadFile } from '../../domain/files/file-access.ts';
import { createFileStore } from '../../infra/files/file-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { MessageItemType } from '../../schemas/events/messages.ts';
import { demoConversationIds } from '../../tools/seed/demo-conversations.ts';
import { demoRecommendationIds } from '../../tools/seed/demo-messages.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';

// The demo's conversations (issue 14 deliverable 10): what a newcomer logging in as the relative,
// the caregiver or the administrator finds on the messaging screens.

describe('demo conversations', () => {
  let sql: Sql;
  let dataDir: string;
  const userIds = new Map<string, number>();

  beforeAll(async () => {
    sql = await emptyPglite();
    await migrate(sql);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-seed-conversations-'));
    await seedDemoData({ sql, dataDir });
    for (const u of await sql.query<{ id: number; name: string }>('SELECT id, name FROM users')) userIds.set(u.name, Number(u.id));
  });
  afterAll(async () => {
    await sql?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const id = (name: string) => userIds.get(name)!;

  it('should hold an item of every type in sent messages', async () => {
    const rows = await sql.query<{ type: string }>('SELECT DISTINCT i.type FROM message_items i JOIN messages m ON m.id = i.message_id WHERE m.sent ORDER BY i.type');
    expect(rows.map((r) => r.type)).toEqual([...MessageItemType.options].sort());
  });

  it('should have the relative, the caregiver unit and the administrator write to each other, with replies both ways', async () => {
    const pairs = await sql.query<{ sender: string; recipient: string }>(
      `SELECT DISTINCT s.name AS sender, r.name AS recipient FROM messages m JOIN users s ON s.id = m.user_id JOIN users r ON r.id = ANY(m.recipients)
        WHERE m.sent AND m.id = ANY($1::integer[]) ORDER BY 1, 2`,
      [Object.values(demoConversationIds)],
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        { sender: 'relative', recipient: 'caregiver' },
        { sender: 'caregiver', recipient: 'relative' },
        { sender: 'caregiver', recipient: 'admin' },
        { sender: 'admin', recipient: 'caregiver' },
      ]),
    );
    const replies = await sql.query<{ writer: string; file_id: number | null }>('SELECT u.name AS writer, r.file_id FROM message_replies r JOIN users u ON u.id = r.user_id ORDER BY r.at');
    expect(new Set(replies.map((r) => r.writer))).toEqual(new Set(['relative', 'caregiver', 'admin']));
    expect(replies.some((r) => r.file_id !== null)).toBe(true);
    const [answer] = await sql.query<{ reply_to_message_id: number }>('SELECT reply_to_message_id FROM messages WHERE id = $1', [demoConversationIds.partyReply]);
    expect(answer!.reply_to_message_id).toBe(demoConversationIds.party);
  });

  it('should leave some messages unread and mark others read', async () => {
    const unread = async (name: string) =>
      (
        await sql.query<{ id: number }>(
          `SELECT m.id FROM messages m LEFT JOIN message_read_times t ON t.message_id = m.id AND t.user_id = $1
            WHERE m.sent AND $1 = ANY(m.recipients) AND t.read_time IS NULL AND m.id = ANY($2::integer[])`,
          [id(name), Object.values(demoConversationIds)],
        )
      ).map((r) => Number(r.id));
    expect(await unread('caregiver')).toEqual([demoConversationIds.party]);
    // The caregiver answered the visit's photos, and the relative's newer reply is new in the discussion.
    const [discussion] = await sql.query<{ read: string; latest: string }>(
      `SELECT t.discussion_read_time AS read, (SELECT max(at) FROM message_replies WHERE message_id = $1) AS latest
         FROM message_read_times t WHERE t.message_id = $1 AND t.user_id = $2`,
      [demoConversationIds.visit, id('caregiver')],
    );
    expect(new Date(discussion!.read).getTime()).toBeLessThan(new Date(discussion!.latest).getTime());
    // The relative answered the unit's week (which marks it read); the game waits for them.
    expect(await unread('relative')).toEqual([demoConversationIds.game]);
    expect(await unread('admin')).toContain(demoConversationIds.partyReply);
    expect(await unread('admin')).not.toContain(demoConversationIds.request);
  });

  it('should have one game message and the recommendations of today', async () => {
    expect(await sql.query('SELECT id FROM messages WHERE game AND sent')).toEqual([{ id: demoConversationIds.game }]);
    const recommendations = await sql.query<{ id: number }>('SELECT id FROM messages WHERE recommendation AND sent ORDER BY id');
    expect(recommendations.map((r) => Number(r.id))).toEqual([demoRecommendationIds.units, demoRecommendationIds.relative, demoRecommendationIds.easy]);
  });

  it('should store the photos as real images owned by whoever uploaded them, readable only by those who see them', async () => {
    const files = await sql.query<{ id: number; owner: string; content_type: string; object_key: string; size: string }>(
      "SELECT f.id, u.name AS owner, f.content_type, f.object_key, f.size FROM files f JOIN users u ON u.id = f.user_id WHERE f.content_type LIKE 'image/%' ORDER BY f.id",
    );
    expect(files.map((f) => [f.owner, f.content_type])).toEqual([
      ['relative', 'image/png'],
      ['relative', 'image/jpeg'],
      ['caregiver', 'image/jpeg'],
    ]);
    const store = createFileStore(dataDir);
    for (const file of files) {
      const bytes = await store.read(file.object_key);
      expect(bytes.length).toBe(Number(file.size));
      expect((await sharp(bytes).metadata()).format).toBe(file.content_type === 'image/png' ? 'png' : 'jpeg');
    }
    const garden = Number(files[0]!.id);
    expect(await mayReadFile(sql, id('caregiver'), garden)).toBe(true);
    expect(await mayReadFile(sql, id('admin'), garden)).toBe(true); // administers the caregiver unit
    expect(await mayReadFile(sql, id('public'), garden)).toBe(false);
    expect(await mayReadFile(sql, id('operator'), garden)).toBe(false);
  });
});
