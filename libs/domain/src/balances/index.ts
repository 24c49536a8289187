export * from './calculator';
export * from './summary';
