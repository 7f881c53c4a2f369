import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import type { EvaluationEvent } from '../../schemas/events/evaluations.ts';
import { evaluationDecider, evaluationIdOf, type EvaluationCommand } from './evaluation-decider.ts';

const spec = deciderSpec(evaluationDecider);
const user = 7;
const time = '2026-11-20T10:00:00.000Z';
const later = '2026-11-20T10:05:00.000Z';
const evaluationId = evaluationIdOf(user, { audioFileId: 42 }, time);

const evaluate = (score: 1 | 0 | -1 = 1): EvaluationCommand => ({ kind: 'evaluate', userId: user, evaluationId, target: { audioFileId: 42 }, score, clientTime: time });
const change = (score: 1 | 0 | -1, actorUserId = user, ownerUserId = user): EvaluationCommand => ({ kind: 'change', actorUserId, ownerUserId, evaluationId, score, clientTime: later });
const evaluated = (score: 1 | 0 | -1 = 1): EvaluationEvent => ({ type: 'AudioFileEvaluated', data: { userId: user, evaluationId, clientTime: time, score, audioFileId: 42 } });
const changed = (score: 1 | 0 | -1): EvaluationEvent => ({ type: 'EvaluationChanged', data: { userId: user, evaluationId, clientTime: later, score } });

describe('evaluation decider', () => {
  it('evaluates an audio file', () => spec.given([]).when(evaluate(1)).then([evaluated(1)]));
  it('evaluates a message item', () => {
    const id = evaluationIdOf(user, { messageItemId: 5 }, time);
    spec
      .given([])
      .when({ kind: 'evaluate', userId: user, evaluationId: id, target: { messageItemId: 5 }, score: -1, clientTime: time })
      .then([{ type: 'MessageItemEvaluated', data: { userId: user, evaluationId: id, clientTime: time, score: -1, messageItemId: 5 } }]);
  });
  it('appends nothing for a retried evaluation', () => spec.given([evaluated(1)]).when(evaluate(1)).then([]));
  it('changes the score', () => spec.given([evaluated(1)]).when(change(-1)).then([changed(-1)]));
  it('appends nothing when the score is unchanged', () => spec.given([evaluated(1), changed(0)]).when(change(0)).then([]));
  it('can change back to an earlier score', () => spec.given([evaluated(1), changed(0)]).when(change(1)).then([changed(1)]));
  it("refuses to change another user's evaluation", () => spec.given([evaluated(1)]).when(change(-1, 8, user)).thenThrows('AccessDenied'));
  it('answers NotFound for an evaluation the user never made', () => spec.given([]).when(change(-1)).thenThrows('NotFound'));
  it('gives the same evaluation the same id, whatever the time notation, and another time another id', () => {
    expect(evaluationIdOf(user, { audioFileId: 42 }, '2026-11-20T12:00:00+02:00')).toBe(evaluationId);
    expect(evaluationIdOf(user, { audioFileId: 42 }, later)).not.toBe(evaluationId);
    expect(evaluationIdOf(user, { messageItemId: 42 }, time)).not.toBe(evaluationId);
  });
});
