import { INVENTORY_TYPES, type InventoryType } from '@lifeboat/contract';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { InventoryView } from './InventoryView';

interface ClientInventoryPageProps {
  clientId: number;
  type: string | undefined;
}

/**
 * /dashboardumc/inventory/{clientId}/{type}: one client's inventory opened at a tab, e.g. its
 * virtual machines from the recovery flow (spec: recovery-flow 2 'Routes navigated to').
 */
export function ClientInventoryPage({ clientId, type }: ClientInventoryPageProps) {
  const known = INVENTORY_TYPES.find((t) => t === type?.toUpperCase()) as InventoryType | undefined;
  if (!known) return <NotFoundPage />;
  return (
    <InventoryView
      title="Client devices"
      eyebrow="Inventory"
      filter={{ clientId }}
      defaultType={known}
      extraActions={
        <Button component={Link} to={`/client/details/${clientId}`} variant="subtle">
          Client page
        </Button>
      }
    />
  );
}
