export * from './history';
export * from './records';
export * from './balance-as-of';
export * from './schemas';
