import type { DomainEvent } from './events';

/**
 * The decider pattern: pure functions, time and ids come in with the command.
 * decide(command, state) -> events; evolve(state, event) -> state.
 */
export interface Decider<C, E extends DomainEvent, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState: S;
}

export function fold<E extends DomainEvent, S>(
  decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>,
  events: E[],
): S {
  return events.reduce(decider.evolve, decider.initialState);
}
