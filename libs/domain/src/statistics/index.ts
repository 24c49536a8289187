export * from './age-groups';
export * from './monthly';
export * from './ageing';
