import { accessDenied, notFound } from '../../infra/errors.ts';
import type { Decider } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { EvaluationEvent } from '../../schemas/events/evaluations.ts';

// A user's evaluations (stream `evaluations-{userId}`). An evaluation is made once and may be
// changed by its maker only; a repeated evaluation (a retried post) and a change to the score it
// already has append nothing.

type Score = 1 | 0 | -1;
export type EvaluationTarget = { audioFileId: number } | { messageItemId: number };

export type EvaluationCommand =
  | { kind: 'evaluate'; userId: number; evaluationId: string; target: EvaluationTarget; score: Score; clientTime: string }
  | { kind: 'change'; actorUserId: number; ownerUserId: number; evaluationId: string; score: Score; clientTime: string };

export interface StoredEvaluation {
  userId: number;
  score: Score;
}
export type Evaluations = ReadonlyMap<string, StoredEvaluation>;

/** An evaluation is the user's score of one target at one (client) time: the same post again is the same evaluation. */
export const evaluationIdOf = (userId: number, target: EvaluationTarget, clientTime: string) =>
  'audioFileId' in target
    ? eventId('Evaluation', userId, 'audioFile', target.audioFileId, new Date(clientTime).toISOString())
    : eventId('Evaluation', userId, 'messageItem', target.messageItemId, new Date(clientTime).toISOString());

export const evaluationDecider: Decider<EvaluationCommand, EvaluationEvent, Evaluations> = {
  initialState: () => new Map(),
  evolve(state, event) {
    const { evaluationId, userId, score } = event.data;
    switch (event.type) {
      case 'AudioFileEvaluated':
      case 'MessageItemEvaluated':
        return state.has(evaluationId) ? state : new Map(state).set(evaluationId, { userId, score });
      case 'EvaluationChanged':
        return new Map(state).set(evaluationId, { userId, score });
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'evaluate': {
        if (state.has(command.evaluationId)) return [];
        const base = { userId: command.userId, evaluationId: command.evaluationId, clientTime: command.clientTime, score: command.score };
        return 'audioFileId' in command.target
          ? [{ type: 'AudioFileEvaluated', data: { ...base, audioFileId: command.target.audioFileId } }]
          : [{ type: 'MessageItemEvaluated', data: { ...base, messageItemId: command.target.messageItemId } }];
      }
      case 'change': {
        if (command.actorUserId !== command.ownerUserId) throw accessDenied();
        const current = state.get(command.evaluationId);
        if (!current) throw notFound();
        if (current.userId !== command.actorUserId) throw accessDenied();
        if (current.score === command.score) return [];
        return [{ type: 'EvaluationChanged', data: { userId: command.ownerUserId, evaluationId: command.evaluationId, clientTime: command.clientTime, score: command.score } }];
      }
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

/** Event ids: a creation by its evaluation; a change by the version it was decided at, so changing back and forth is kept. */
export const evaluationEventId = (event: EvaluationEvent, index: number, version: number) =>
  event.type === 'EvaluationChanged' ? eventId('EvaluationChanged', event.data.evaluationId, event.data.score, version, index) : eventId(event.type, event.data.evaluationId);
