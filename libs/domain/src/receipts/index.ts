export * from './number-words';
export * from './decider';
export * from './statement';
