import type { Queryable } from '../../infra/sql/sql.ts';
import type { Evaluation } from '../../schemas/api/evaluations.ts';
import { postgresProjector } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Evaluations by id, user and target (GET /api/evaluations, the owner check of PUT). A row keeps
// the stream version of the event that last set its score and is only overwritten by a higher
// one, so replaying a batch, or delivering an old one again, changes nothing.

/** The stable name queries read (a view of the serving version's table). */
export const evaluationsTable = 'evaluations';

interface Row {
  evaluation_id: string;
  user_id: number | string;
  audio_file_id: number | null;
  message_item_id: number | null;
  score: number;
  time: Date | string;
}

/** Version `version` of the read model, in its own table `rm_evaluations_v<version>_evaluations`. */
export const createEvaluationsProjector = (version: number) => {
  const { tables: { evaluations: table }, views } = readModelViews({ name: 'evaluations', version }, { evaluations: { view: evaluationsTable, suffix: 'evaluations' } });
  return postgresProjector({
    name: 'evaluations',
    version,
    handles: ['AudioFileEvaluated', 'MessageItemEvaluated', 'EvaluationChanged'],
    views,

    async setup(sql) {
      await sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (
        evaluation_id uuid PRIMARY KEY,
        user_id bigint NOT NULL,
        audio_file_id bigint,
        message_item_id bigint,
        score smallint NOT NULL CHECK (score IN (-1, 0, 1)),
        time timestamptz NOT NULL,
        changed_at timestamptz,
        stream_version bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${table}_user_time_idx ON ${table} (user_id, time);`);
    },

    async apply(tx, events) {
      const created = events.filter((e) => e.type !== 'EvaluationChanged');
      const changes = events.filter((e) => e.type === 'EvaluationChanged');
      if (created.length > 0) {
        const rows = created.map((e) => ({
          evaluation_id: e.data.evaluationId,
          user_id: e.data.userId,
          audio_file_id: e.type === 'AudioFileEvaluated' ? e.data.audioFileId : null,
          message_item_id: e.type === 'MessageItemEvaluated' ? e.data.messageItemId : null,
          score: e.data.score,
          time: e.data.clientTime,
          stream_version: e.streamVersion,
        }));
        await tx.query(
          `INSERT INTO ${table} (evaluation_id, user_id, audio_file_id, message_item_id, score, time, stream_version)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(evaluation_id uuid, user_id bigint, audio_file_id bigint, message_item_id bigint, score smallint, time timestamptz, stream_version bigint)
           ON CONFLICT (evaluation_id) DO NOTHING`,
          [JSON.stringify(rows)],
        );
      }
      if (changes.length > 0) {
        // The latest change per evaluation: one statement may not update a row twice.
        const latest = new Map<string, (typeof changes)[number]>();
        for (const e of changes) if ((latest.get(e.data.evaluationId)?.streamVersion ?? -1) < e.streamVersion) latest.set(e.data.evaluationId, e);
        const rows = [...latest.values()].map((e) => ({ evaluation_id: e.data.evaluationId, score: e.data.score, changed_at: e.data.clientTime, stream_version: e.streamVersion }));
        await tx.query(
          `UPDATE ${table} AS t SET score = r.score, changed_at = r.changed_at, stream_version = r.stream_version
           FROM jsonb_to_recordset($1::jsonb) AS r(evaluation_id uuid, score smallint, changed_at timestamptz, stream_version bigint)
           WHERE t.evaluation_id = r.evaluation_id AND t.stream_version < r.stream_version`,
          [JSON.stringify(rows)],
        );
      }
    },
  });
};

export const evaluationsProjector = createEvaluationsProjector(1);

const toEvaluation = (row: Row): Evaluation => ({
  id: row.evaluation_id,
  time: new Date(row.time).toISOString(),
  audioFileId: row.audio_file_id === null ? null : Number(row.audio_file_id),
  messageItemId: row.message_item_id === null ? null : Number(row.message_item_id),
  score: Number(row.score) as Evaluation['score'],
});

const isMissingTable = (error: unknown) => (error as { code?: string }).code === '42P01';

export interface EvaluationFilter {
  userId: number;
  audioFileIds?: readonly number[];
  messageItemIds?: readonly number[];
  startTime?: string;
}

/** One user's evaluations, oldest first; lists narrow to those targets (both lists: either). */
export async function listEvaluations(db: Queryable, filter: EvaluationFilter): Promise<Evaluation[]> {
  const { audioFileIds, messageItemIds } = filter;
  const byTarget = audioFileIds || messageItemIds;
  try {
    const rows = await db.query<Row>(
      `SELECT evaluation_id::text AS evaluation_id, user_id, audio_file_id, message_item_id, score, time FROM ${evaluationsTable}
       WHERE user_id = $1 AND ($2::timestamptz IS NULL OR time >= $2::timestamptz)
         AND (NOT $3::boolean OR audio_file_id = ANY($4::bigint[]) OR message_item_id = ANY($5::bigint[]))
       ORDER BY time, evaluation_id`,
      [filter.userId, filter.startTime ?? null, !!byTarget, audioFileIds ?? [], messageItemIds ?? []],
    );
    return rows.map(toEvaluation);
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}
