export * from './schemas';
export * from './occurrences';
export * from './decider';
export * from './answers';
