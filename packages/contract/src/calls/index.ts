// Every call of the console, declared once per area (issue 11.1; docs/adding-things.md).
// Importing this module declares them all, so `declaredCalls()` lists every one.

export * from './alert-actions';
export * from './alerts';
export * from './appliances';
export * from './autoverify';
export * from './azure';
export * from './dashboard';
export * from './devices';
export * from './entities';
export * from './failover';
export * from './ftps';
export * from './inventory';
export * from './operations';
export * from './recovery';
export * from './reports';
export * from './roles';
export * from './security';
export * from './session';
export * from './settings';
export * from './sources';
export * from './system';
export * from './virtualization';
export * from './webhooks';
