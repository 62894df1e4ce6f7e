import type { RbDeviceRow } from '@lifeboat/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { RbDeviceTable } from './RbDeviceTable';

// The second tool's device table (recovery wizard and Azure wizard) against a fake server: its
// columns are the server's (GET /device/load_rb_devices_table_columns), in its order, with its
// titles; a column the table cannot draw is left out.

const device: RbDeviceRow = {
  id: 5,
  psName: 'FS01',
  applianceName: 'APP-1',
  systemType: 'server',
  systemOsType: 'WINDOWS',
  latestCloudRp: null,
  ftpsAllowed: true,
  isPasswordProtected: false,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const COLUMNS = [
  { key: 'latestCloudRp', title: 'Newest point in the cloud', sortable: true },
  { key: 'psName', title: 'System', sortable: true },
  { key: 'unknownKey', title: 'Something new', sortable: false },
];

describe('RbDeviceTable', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/device/load_rb_devices_table_columns')
        ? json({ columns: COLUMNS })
        : new Response('{}', { status: 404 }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('draws the columns the server lists, in its order and with its titles', async () => {
    renderRoutes({
      path: '/',
      routes: [
        {
          path: '/',
          element: (
            <RbDeviceTable
              rows={[device]}
              forDisk={false}
              onChoose={() => undefined}
              loading={false}
              error={null}
              onRetry={() => undefined}
            />
          ),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'protected systems' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Newest point in the cloud', 'System']);
    expect(within(table).getByText('FS01')).toBeTruthy();
  });
});
