import { Button } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The way out of a virtualization step to the client's running virtual machines (the inventory's
 * VIRTUALIZED tab, spec: recovery-flow 8), closing the wizard on the way; used by vmRunning,
 * showVMExist and browseLocalVms.
 */
export function OpenVirtualizedTab({ clientId, close }: { clientId: number; close: () => void }) {
  return (
    <Button component={Link} to={`/dashboardumc/inventory/${clientId}/VIRTUALIZED`} onClick={close}>
      Open the virtualized tab
    </Button>
  );
}
