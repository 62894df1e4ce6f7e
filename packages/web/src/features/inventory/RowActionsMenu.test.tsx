import type { DeviceRow } from '@lifeboat/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { RecoveryWizardContext } from '../recovery/wizardEntry';
import { RowActionsMenu } from './RowActionsMenu';

// The row menu shows what the server allowed and wires each entry to the right place.

const base = {
  id: 12,
  name: 'FS01',
  vault_id: null,
  service_gen: 4,
  pending: null,
} as unknown as DeviceRow;

function renderMenu(row: DeviceRow) {
  const open = vi.fn();
  const onVmAction = vi.fn();
  const view = renderRoutes({
    path: '/home/devices',
    routes: [
      {
        path: '/home/devices',
        element: (
          <RecoveryWizardContext.Provider value={{ open, isOpen: false }}>
            <RowActionsMenu row={row} busy={false} onVmAction={onVmAction} />
          </RecoveryWizardContext.Provider>
        ),
      },
      { path: '/device/details/:id', element: <p>details page</p> },
      { path: '/device/details/:id/:vaultId', element: <p>vault details page</p> },
    ],
  });
  fireEvent.click(screen.getByRole('button', { name: 'Actions for FS01' }));
  return { open, onVmAction, ...view };
}

describe('RowActionsMenu', () => {
  it('lists exactly the actions of the row', async () => {
    renderMenu({ ...base, actions: ['details', 'resume_vm', 'discard_vm'] });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Details',
      'Resume virtual machine',
      'Discard virtual machine',
    ]);
  });

  it('opens the recovery wizard at typeRB for a second-generation device and locateVirtualization for the first', async () => {
    const second = renderMenu({ ...base, actions: ['details', 'recover'] });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Recover' }));
    expect(second.open).toHaveBeenCalledWith({ kind: 'device', deviceId: 12, startStep: 'typeRB' });
    second.unmount();
    const first = renderMenu({ ...base, service_gen: 2, actions: ['details', 'recover'] });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Recover' }));
    expect(first.open).toHaveBeenCalledWith({
      kind: 'device',
      deviceId: 12,
      startStep: 'locateVirtualization',
    });
  });

  it('asks before discarding and runs other VM actions at once', async () => {
    const { onVmAction } = renderMenu({ ...base, actions: ['details', 'stop_vm', 'discard_vm'] });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Discard virtual machine' }));
    expect(onVmAction).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onVmAction).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }), 'discard_vm');
  });

  it('opens the details inside the vault for a vault-virtualized VM', async () => {
    const { router } = renderMenu({ ...base, vault_id: 3, actions: ['details'] });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/details/12/3'));
  });
});
