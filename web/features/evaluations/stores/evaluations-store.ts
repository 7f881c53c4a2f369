import { proxy } from 'valtio';
import { getEvaluations } from '../api/get-evaluations.ts';
import { postEvaluation } from '../api/post-evaluation.ts';
import { putEvaluation, type ScoreValue } from '../api/put-evaluation.ts';

// The rating of what plays now (spec 1 sections 2 and 5: red -1, orange 0, green 1). One
// evaluation per play: the first press posts it, a later press during the same play changes it.

export const scores: readonly ScoreValue[] = [-1, 0, 1];

/** Keyed by `${audioFileId}@${playStartedAt}`. */
export const evaluations = proxy<{ byPlay: Record<string, { id: string; score: ScoreValue }>; busy: string | null }>({ byPlay: {}, busy: null });

export const playKey = (audioFileId: number, playStartedAt: string) => `${audioFileId}@${playStartedAt}`;

/** Shows a rating made earlier in this play (after a reload, say). */
export async function loadPlayEvaluation(audioFileId: number, playStartedAt: string): Promise<void> {
  const key = playKey(audioFileId, playStartedAt);
  if (evaluations.byPlay[key]) return;
  try {
    const found = await getEvaluations({ audioFileIds: [audioFileId], startTime: playStartedAt });
    const latest = found.filter((e) => e.audioFileId === audioFileId).sort((a, b) => a.time.localeCompare(b.time)).at(-1);
    if (latest && !evaluations.byPlay[key]) evaluations.byPlay[key] = { id: latest.id, score: latest.score };
  } catch (error) {
    console.warn('Evaluations not loaded', error);
  }
}

export async function rate(audioFileId: number, playStartedAt: string, score: ScoreValue): Promise<void> {
  const key = playKey(audioFileId, playStartedAt);
  if (evaluations.busy === key) return;
  const existing = evaluations.byPlay[key];
  if (existing?.score === score) return;
  evaluations.busy = key;
  try {
    if (existing) {
      await putEvaluation(existing.id, score);
      evaluations.byPlay[key] = { id: existing.id, score };
    } else {
      const created = await postEvaluation({ audioFileId, score, time: new Date().toISOString() });
      evaluations.byPlay[key] = { id: created.id, score };
    }
  } catch (error) {
    console.warn('Evaluation not saved', error);
  } finally {
    evaluations.busy = null;
  }
}
