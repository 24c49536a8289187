export * from './schemas';
export * from './decider';
export * from './wages';
export * from './wage-payments';
export * from './answers';
