export * from './rules';
export * from './statuses';
export * from './schemas';
export * from './decider';
export * from './consent';
export * from './notices';
export * from './answers';
