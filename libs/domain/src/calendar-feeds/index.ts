export * from './schemas';
export * from './decider';
