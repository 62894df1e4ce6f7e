export * from './connection';
export * from './dialect';
export * from './health-daily';
export * from './meta';
export * from './migrate';
export type * from './schema';
export * from './testing';
export * from './thresholds';
