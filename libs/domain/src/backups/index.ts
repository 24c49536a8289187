export * from './schemas';
export * from './decider';
export * from './organization-backup';
