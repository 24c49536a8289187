export * from './schemas';
export * from './decider';
export * from './student-number-decider';
export * from './tckn-decider';
export * from './registration';
export * from './sample';
export * from './age';
export * from './answers';
