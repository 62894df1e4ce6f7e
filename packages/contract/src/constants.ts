// Business constants of the spec, in one place (spec sections 9 of each document).

/** User levels (spec: inventory-reports-exports-security 1). */
export const LEVEL = { DISTRIBUTOR: 3, STAFF: 2, RESELLER: 1, CLIENT: 0 } as const;
export type Level = (typeof LEVEL)[keyof typeof LEVEL];

/** Service generations: first tool 2, second tool 4 (spec: recovery-flow 9). */
export const SERVICE_GEN = { FIRST: 2, SECOND: 4 } as const;
export type ServiceGen = (typeof SERVICE_GEN)[keyof typeof SERVICE_GEN];

/** Threshold slider values in minutes (spec: recovery-flow 9). */
export const THRESHOLD_MINUTES = [
  120, 240, 480, 720, 1440, 2160, 2880, 4320, 10080, 20160, 43800, 131400, 262800, 525600,
] as const;
export const THRESHOLD_DEFAULTS = { server: 2160, workstation: 4320, local_cache: 4320 } as const;
export const LOCAL_CACHE_DAYS = [1, 2, 3, 7, 14] as const;

/** Share mount expiry choices in minutes; default index 5 = 24 h (spec: inventory 9). */
export const MOUNT_EXPIRY_MINUTES = [60, 120, 240, 480, 720, 1440, 2160, 2880, 4320, 10080] as const;
export const MOUNT_EXPIRY_DEFAULT_INDEX = 5;

export const REFRESH_RATES_MINUTES = [5, 15, 60] as const;
export const REFRESH_RATE_DEFAULT = 60;

export const INVENTORY_PAGE_SIZE = 40;
export const TABLE_ROWS_DEFAULT = 10;
export const TABLE_SEARCH_MAX = 128;
/** The search box waits this long after the last keystroke (spec: 9 'Table search'). */
export const TABLE_SEARCH_DEBOUNCE_MS = 500;
export const DOWNLOAD_LINK_DAYS = 7;
export const LOGIN_SHAKE = { count: 2, period: 13, durationMs: 250 } as const;

/** spec 9: the device code lives 900 s; the login step polls every 3 s; the copied flash 5 s. */
export const AZURE_CODE_LIFETIME_S = 900;
export const AZURE_POLL_MS = 3000;
export const AZURE_COPIED_FLASH_MS = 5000;
/** How often the Azure export panels refresh a running job (not in the spec). */
export const AZURE_JOBS_POLL_MS = 5000;
