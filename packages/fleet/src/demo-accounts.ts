// The demo fleet's logins (password `demo`), printed by `npm start` and used by the browser tests.
export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS = [
  { username: 'distributor', role: 'Distributor (level 3): its resellers and everything below' },
  { username: 'staff', role: "Provider's own staff (level 2): the whole platform" },
  { username: 'reseller', role: 'Reseller (level 1) with appliances and both backup tools' },
  { username: 'reseller2', role: 'A second reseller (level 1), for tenancy checks' },
  { username: 'client', role: "Client user (level 0) of one of reseller's clients" },
] as const;
