import type { DashboardTable } from '@lifeboat/contract';

// issue 18.9: the dashboard's tables keep to the window as the inventory does. Columns a person
// can do without on a small screen appear only from a width up (Mantine breakpoints: sm 768 px,
// md 992 px, lg 1200 px); the name, health and newest restore point always show, and the name cell
// stacks the client under the name when the client column is hidden.

type From = 'xs' | 'sm' | 'md' | 'lg';

export const COLUMN_FROM: Record<DashboardTable, Record<string, From>> = {
  protected_systems: {
    client_name: 'sm',
    autoverify: 'md',
    storage_pool: 'lg',
    version: 'lg',
    restore_points_in_use: 'lg',
    vault: 'lg',
  },
  appliances: { license: 'sm', license_usage: 'sm', model_name: 'md' },
  vaults: { vault_type: 'sm', workstations: 'sm', servers: 'sm' },
};
