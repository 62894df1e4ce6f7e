export * from './clock';
export * from './constants';
export * from './enums';
export * from './fabric';
export * from './session';
export * from './tabs';
