export * from './constants';
export * from './enums';
export * from './session';
export * from './tabs';
export * from './fabric';
export * from './clock';
