export * from './clock';
export * from './constants';
export * from './devices';
export * from './enums';
export * from './fabric';
export * from './operations';
export * from './session';
export * from './tabs';
