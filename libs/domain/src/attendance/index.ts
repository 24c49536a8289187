export * from './schemas';
export * from './decider';
export * from './attendance-number-decider';
export * from './answers';
