import { expect } from 'vitest';
import type { Decider } from '../../infra/event-store/decider.ts';
import type { AppError } from '../../infra/errors.ts';
import type { SointuEvent } from '../../schemas/events/index.ts';

// given([...events]).when(command).then([...events]) / .thenThrows(kind), as in Emmett's DeciderSpecification.
export function deciderSpec<Command, Event extends SointuEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(kind: AppError['kind']) {
              expect(run).toThrowError(expect.objectContaining({ kind }));
            },
          };
        },
      };
    },
  };
}
