export * from './rules';
export * from './schemas';
export * from './answers';
export * from './decider';
