export * from './age-groups';
export * from './monthly';
