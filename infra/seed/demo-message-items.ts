import type { Queryable } from '../sql/sql.ts';

// Demo rows of the message item read model (migration 005), so the demo's reports count message
// clicks by content type. Messaging is not built yet: until its projector fills message_items from
// MessageItemAdded events, these rows stand in for the items of one demo message. The workload
// generator clicks these items (infra/generate/workload-reference.ts).

export const demoMessageId = 1;

export const demoMessageItems = [
  { id: 101, order: 0, type: 'AudioFile', contentType: 'SingAlong', trackClicks: true },
  { id: 102, order: 1, type: 'MediaFile', contentType: 'Exercise', trackClicks: true },
  { id: 103, order: 2, type: 'InlineHTMLTrack', contentType: 'News', trackClicks: true },
] as const;

/** Inserts the demo items; rows already there (a re-run, or the projector's own) are kept. */
export async function insertDemoMessageItems(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO message_items (id, message_id, "order", type, content_type, track_clicks)
     SELECT x.id, $2, x."order", x.type, x.content_type, x.track_clicks
       FROM jsonb_to_recordset($1::jsonb) AS x(id integer, "order" integer, type text, content_type text, track_clicks boolean)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [JSON.stringify(demoMessageItems.map((i) => ({ id: i.id, order: i.order, type: i.type, content_type: i.contentType, track_clicks: i.trackClicks }))), demoMessageId],
  );
  return rows.length;
}
