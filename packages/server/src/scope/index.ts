export * from './actor';
export * from './scope';
