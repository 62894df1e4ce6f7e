export * from './actor';
export * from './conditions';
export { type LockableTable, lockRow } from './lock';
export * from './policy';
export * from './scope';
export { type ScopeCondition, type Scoped, type ScopeParent, scoped, unscoped } from './scoped';
export { isTenantTable, SYSTEM_TABLES, TENANT_TABLES, type TenantTable, tenantCondition } from './tenancy';
