import { AppError, accessDenied } from '../../infra/errors.ts';
import type { Decider } from '../../infra/event-store/decider.ts';
import type { EventOf } from '../../schemas/events/index.ts';

// Monthly targets of one user (stream `targets-{userId}`). Values 0-100 in steps of 5; only the
// user themself or an administrator of the user may set them (spec 3 section 5).

type TargetCountSet = EventOf<'TargetCountSet'>;

export interface SetTargetCount {
  actor: { userId: number; adminOfUserIds: readonly number[] };
  userId: number;
  field: 'sessions' | 'categories';
  categoryId: number | null;
  /** First day of the month the target is for (YYYY-MM-DD). */
  day: string;
  value: number;
}

/** Current value per `${field}/${categoryId}/${day}`. */
export type TargetCounts = ReadonlyMap<string, number>;

const keyOf = (t: { field: string; categoryId: number | null; day: string }) => `${t.field}/${t.categoryId ?? ''}/${t.day}`;

export const setTargetCountDecider: Decider<SetTargetCount, TargetCountSet, TargetCounts> = {
  initialState: () => new Map(),
  evolve: (state, event) => new Map(state).set(keyOf(event.data), event.data.value),
  decide(command, state) {
    const { actor } = command;
    if (actor.userId !== command.userId && !actor.adminOfUserIds.includes(command.userId)) throw accessDenied();
    if (!Number.isInteger(command.value) || command.value < 0 || command.value > 100 || command.value % 5 !== 0) {
      throw new AppError('ValidationError', undefined, [{ path: 'value', message: 'Target must be 0-100 in steps of 5' }]);
    }
    if ((command.field === 'categories') !== (command.categoryId !== null)) {
      throw new AppError('ValidationError', undefined, [{ path: 'categoryId', message: 'categoryId is required for categories and only for them' }]);
    }
    if ((state.get(keyOf(command)) ?? 0) === command.value) return [];
    return [
      {
        type: 'TargetCountSet',
        data: { userId: command.userId, setByUserId: actor.userId, field: command.field, categoryId: command.categoryId, day: command.day, value: command.value },
      },
    ];
  },
};
