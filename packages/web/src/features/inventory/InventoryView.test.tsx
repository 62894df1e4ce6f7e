import type { DeviceRow, InventoryAnswer } from '@lifeboat/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { InventoryView } from './InventoryView';

// The inventory page against a fake server: tabs from typeCounters, rows from the right call.

const summary = (over: Partial<InventoryAnswer> = {}): InventoryAnswer => ({
  typeCounters: {
    PROTECTED: 1234,
    SERVER: 1000,
    WORKSTATION: 200,
    NAS: 34,
    VIRTUALIZED: 3,
    VAULT_VIRTUALIZED: 0,
  },
  showVirtualized: true,
  showVaultVirtualized: false,
  clientHealthLastCheck: null,
  ...over,
});

const row = (id: number, name: string): DeviceRow => ({
  id,
  name,
  client_id: 5,
  client_name: 'Acme',
  reseller_id: 1,
  device_type: 'server',
  os_name: 'Windows',
  health_status: 'NORMAL',
  last_rp_at: null,
  has_appliance: 1,
  appliance_name: 'APP1',
  appliance_online: 1,
  vault_only_device: 0,
  vault_id: null,
  service_gen: 4,
  currently_running: 1,
  sva_job_status: 'Running',
  stoppable: 1,
  pending: null,
  actions: ['details', 'stop_vm', 'discard_vm'],
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function render(path: string) {
  return renderRoutes({
    path,
    session: { user: makeUser('reseller'), csrfToken: 't' },
    routes: [{ path: '/home/devices', element: <InventoryView title="Devices" filter={{}} /> }],
  });
}

describe('InventoryView', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answer = summary();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/devices/inventory?') || url === '/devices/inventory') return json(answer);
      return json({ rows: [row(1, 'VM-B'), row(2, 'vm-a')], next: null });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    answer = summary();
  });

  it('shows a tab per type with its count, and the virtualized tab only when the server says so', async () => {
    render('/home/devices');
    await screen.findByText('1,234');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All protected1,234', 'Servers1,000', 'Workstations200', 'NAS34', 'Virtualized3']);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/devices/inventory/PROTECTED')).toBe(true),
    );
  });

  it('opens the tab named in the url, reading virtualized rows from the summary call, sorted by name', async () => {
    render('/home/devices?tab=VIRTUALIZED');
    await screen.findByText('VM-B');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/device/device_summary/1')).toBe(true);
    const names = within(screen.getByRole('table', { name: 'Devices' }))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['vm-a', 'VM-B']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Virtualized');
  });

  it('falls back to all devices when the url names a tab the server does not show', async () => {
    answer = summary({ showVirtualized: false });
    render('/home/devices?tab=VIRTUALIZED');
    await screen.findByText('1,234');
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toContain('All protected'),
    );
    expect(screen.queryByRole('tab', { name: /Virtualized/ })).toBeNull();
  });
});
