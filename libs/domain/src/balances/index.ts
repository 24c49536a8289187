export * from './calculator';
