export * from './number-words';
export * from './decider';
