import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ScoreValue } from '../api/put-evaluation.ts';
import { evaluations, loadPlayEvaluation, playKey, rate, scores } from '../stores/evaluations-store.ts';
import './evaluation-buttons.css';

const looks: Record<ScoreValue, { colour: string; label: string }> = {
  [-1]: { colour: 'red', label: 'Did not like' },
  0: { colour: 'orange', label: 'Neutral' },
  1: { colour: 'green', label: 'Liked' },
};

/**
 * Red -1, orange 0, green 1 for the file that plays (spec 1 sections 2 and 5). The caller shows
 * them only with evaluateAudioFiles on and an active player whose duration is above 0.
 */
export function EvaluationButtons({ audioFileId, playStartedAt }: { audioFileId: number; playStartedAt: string }) {
  const { t } = useTranslation();
  const { byPlay, busy } = useSnapshot(evaluations);
  const key = playKey(audioFileId, playStartedAt);
  const chosen = byPlay[key]?.score;
  useEffect(() => void loadPlayEvaluation(audioFileId, playStartedAt), [audioFileId, playStartedAt]);
  return (
    <div className="evaluation-buttons" role="group" aria-label={t('Rating')} data-testid="evaluation-buttons" data-score={chosen ?? ''}>
      {scores.map((score) => (
        <button
          key={score}
          type="button"
          className={`evaluation evaluation-${looks[score].colour}`}
          aria-pressed={chosen === score}
          aria-label={t(looks[score].label)}
          title={t(looks[score].label)}
          disabled={busy === key}
          data-testid={`evaluate-${score}`}
          onClick={() => void rate(audioFileId, playStartedAt, score)}
        />
      ))}
    </div>
  );
}
