import type { Queryable } from '../../infra/sql/sql.ts';

// Who made an evaluation. Its id is a hash of maker, target and time, so it does not name its
// stream (`evaluations-{userId}`); the evaluations read model (projections/postgres/evaluations.ts)
// is the index from id to maker. The change command needs it to tell "another user's evaluation"
// (AccessDenied) from "no such evaluation" (NotFound); its own stream decides everything else.

/** The maker, or null when the evaluation is unknown (or not projected yet). */
export async function evaluationOwner(db: Queryable, evaluationId: string): Promise<number | null> {
  try {
    const [row] = await db.query<{ user_id: number | string }>('SELECT user_id FROM evaluations WHERE evaluation_id = $1::uuid', [evaluationId]);
    return row ? Number(row.user_id) : null;
  } catch (error) {
    // The projector creates its table when it first runs; before that nothing is known.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}
