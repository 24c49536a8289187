export * from './schemas';
export * from './user-decider';
export * from './organization-decider';
export * from './session-decider';
export * from './invitation-decider';
export * from './checkout-catalogue';
export * from './checkout-decider';
export * from './public-info';
