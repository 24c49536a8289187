/**
 * Given / when / then for decider tests, so a rule reads as the facts before, the command and the answer:
 *   given(decider, [studentRegistered]).when(editStudent).then([studentEdited]);
 *   given(decider, []).when(editStudent).thenThrows('Öğrenci bulunamadı.');
 * Test support only: not exported from the package.
 */
import { expect } from 'vitest';
import { DomainError } from './errors';
import type { MessageKey } from './messages';

interface DeciderShape<C, E, S, H> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: H): S;
  initialState: S;
}

export function given<C, E, S, H>(decider: DeciderShape<C, E, S, H>, history: H[]) {
  const state = history.reduce(decider.evolve, decider.initialState);
  return {
    state,
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        run,
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        /** Refused with this catalogue code and, when given, exactly this text. */
        thenThrows(code: MessageKey, text?: string) {
          let error: unknown;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          if (text !== undefined) expect((error as DomainError).message).toBe(text);
        },
      };
    },
  };
}
