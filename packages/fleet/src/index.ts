export * from './demo-accounts';
export * from './generator';
export * from './simulator';
export * from './world';
