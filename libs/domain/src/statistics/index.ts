export * from './age-groups';
