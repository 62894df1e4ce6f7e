import { TABS, visibleTabs } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render';
import {
  APP_ROUTE_PATTERNS,
  APP_ROUTES,
  friendlyPath,
  internalPath,
  landingPath,
  matchAppRoute,
  safeReturnPath,
  TAB_LABELS,
  tabForPath,
  tabFromFriendlyPath,
} from './tabPaths';

const reseller = makeUser('reseller', { organisationId: 12 });
const client = makeUser('client', { organisationId: 34 });
const staff = makeUser('staff');
const distributor = makeUser('distributor');

describe('friendly urls', () => {
  it('round-trips every tab through /home/{tab}', () => {
    for (const tab of TABS) {
      expect(friendlyPath(tab)).toBe(`/home/${tab}`);
      expect(tabFromFriendlyPath(friendlyPath(tab))).toBe(tab);
    }
  });

  it('rejects unknown tabs and other paths', () => {
    expect(tabFromFriendlyPath('/home/nope')).toBeNull();
    expect(tabFromFriendlyPath('/home/device/5')).toBeNull();
    expect(tabFromFriendlyPath('/devices/empty_table')).toBeNull();
  });

  it('has a readable label for every tab', () => {
    expect(TAB_LABELS['reseller-dashboard']).toBe('Dashboard');
    expect(TAB_LABELS['support-appliances']).toBe('Support appliances');
    for (const tab of TABS) expect(TAB_LABELS[tab]).toMatch(/^[A-Z][a-z ]+$/);
  });
});

describe('internal routes of the tabs (spec: inventory 2, dashboard-device-azure 2.1)', () => {
  it('maps tabs to the spec routes', () => {
    expect(internalPath('reseller-dashboard', reseller)).toBe('/reseller/details/12');
    expect(internalPath('clients', reseller)).toBe('/client/empty_table');
    expect(internalPath('clients', client)).toBe('/client/details/34');
    expect(internalPath('devices', reseller)).toBe('/devices/empty_table');
    expect(internalPath('appliances', reseller)).toBe('/appliance/empty_table');
    expect(internalPath('vault', reseller)).toBe('/vault/empty_table');
    expect(internalPath('users', reseller)).toBe('/user/empty_table');
    expect(internalPath('admin', staff)).toBe('/admin/admin/admin_index');
    for (const tab of [
      'distributor',
      'resellers',
      'licenses',
      'reports',
      'support',
      'support-appliances',
      'fleet',
      'alerts',
    ] as const) {
      expect(internalPath(tab, staff)).toBe(`/home/${tab}`);
    }
  });

  it('resolves every internal route to a page route of the same tab', () => {
    for (const user of [reseller, client, staff, distributor]) {
      for (const tab of visibleTabs(user)) {
        const match = matchAppRoute(internalPath(tab, user));
        expect(match, `${tab} for level ${user.level}`).not.toBeNull();
        if (match) expect(APP_ROUTES[match.pattern]).toContain(tab);
      }
    }
  });
});

describe('the highlighted tab', () => {
  const resellerTabs = visibleTabs(reseller);
  const staffTabs = visibleTabs(staff);

  it('follows friendly, internal and detail urls', () => {
    expect(tabForPath('/home/devices', resellerTabs)).toBe('devices');
    expect(tabForPath('/devices/empty_table', resellerTabs)).toBe('devices');
    expect(tabForPath('/device/details/5', resellerTabs)).toBe('devices');
    expect(tabForPath('/device/details/5/9', resellerTabs)).toBe('devices');
    expect(tabForPath('/home/device/5', resellerTabs)).toBe('devices');
    expect(tabForPath('/client/details/3/1', resellerTabs)).toBe('clients');
    expect(tabForPath('/vault/details/2', resellerTabs)).toBe('vault');
    expect(tabForPath('/job/details/2', resellerTabs)).toBe('devices');
    expect(tabForPath('/admin/admin/admin_index', staffTabs)).toBe('admin');
  });

  it('picks the first tab of a shared route that the user sees', () => {
    expect(tabForPath('/reseller/details/12', resellerTabs)).toBe('reseller-dashboard');
    expect(tabForPath('/reseller/details/12', staffTabs)).toBe('resellers');
    expect(tabForPath('/appliance/details/1', staffTabs)).toBe('appliances');
  });

  it('highlights nothing for unknown paths or tabs the user does not see', () => {
    expect(tabForPath('/nowhere', resellerTabs)).toBeNull();
    expect(tabForPath('/home/admin', resellerTabs)).toBeNull();
    expect(tabForPath('/admin/admin/admin_index', resellerTabs)).toBeNull();
  });

  it('ignores query strings', () => {
    expect(matchAppRoute('/client/empty_table?reseller_id=3&health_status=UNPROTECTED')?.pattern).toBe(
      '/client/empty_table',
    );
  });
});

describe('landing pages', () => {
  it('sends each level to its home', () => {
    expect(landingPath(reseller)).toBe('/home/reseller-dashboard');
    expect(landingPath(client)).toBe('/home/clients');
    expect(landingPath(staff)).toBe('/home/fleet');
    expect(landingPath(distributor)).toBe('/home/fleet');
  });

  it('lands every level on a tab it sees', () => {
    for (const user of [reseller, client, staff, distributor]) {
      expect(visibleTabs(user)).toContain(tabFromFriendlyPath(landingPath(user)));
    }
  });
});

describe('return paths after sign-in', () => {
  it('accepts app paths only', () => {
    expect(safeReturnPath('/home/devices')).toBe('/home/devices');
    expect(safeReturnPath('/client/empty_table?reseller_id=3')).toBe('/client/empty_table?reseller_id=3');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/api/session')).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('lists every navigation target of the spec', () => {
    const targets = [
      '/device/details/1',
      '/device/details/1/2',
      '/client/details/1',
      '/client/details/1/1',
      '/vault/details/1',
      '/appliance/details/1',
      '/job/details/1',
      '/reseller/details/1',
      '/settings/reseller_settings/view/1',
      '/settings/client_settings/view/1',
      '/azure_export/view',
      '/home/device/1',
      '/home/client/1',
      '/home/appliance/1',
      '/home/vault/1',
      '/dashboard/appliance_list',
      '/client/runbooks/1',
      '/failover/offices',
      '/client/empty_table',
      '/appliance/empty_table',
      '/devices/empty_table',
      '/vault/empty_table',
      '/user/empty_table',
      '/admin/admin/admin_index',
    ];
    for (const t of targets) expect(matchAppRoute(t), t).not.toBeNull();
    expect(APP_ROUTE_PATTERNS.length).toBeGreaterThanOrEqual(targets.length);
  });
});
