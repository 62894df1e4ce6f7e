import { Button, Group, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ClientTables, useClientName } from '../dashboard/ClientTables';
import { ClientActivityPanels } from '../recovery/ActivityPanels';
import { ApprovalRequestsPanel } from '../recovery/office/ApprovalRequestsPanel';
import { VirtualOfficePanel } from '../recovery/office/VirtualOfficePanel';

/** A client's page (/client/details/{id}); a client user's home. */
export function ClientDetailsPage({ clientId }: { clientId: number }) {
  const user = useCurrentUser();
  const own = user.organisationId === clientId;
  const name = useClientName(clientId);
  // client/details/{clientId}/1 is the virtual office (spec: recovery-flow 2 'Routes navigated to').
  const officeSection = useParams().section === '1';
  return (
    <Stack gap="md">
      <PageHeader
        title={own ? user.organisationName : (name ?? `Client ${clientId}`)}
        eyebrow="Client"
        actions={
          <Group gap="xs">
            {!own && (
              <Button component={Link} to="/home/clients" variant="default" size="xs">
                Back to clients
              </Button>
            )}
            <Button component={Link} to={`/client/runbooks/${clientId}`} variant="default" size="xs">
              Runbooks
            </Button>
            <Button
              component={Link}
              to={`/settings/client_settings/view/${clientId}`}
              variant="default"
              size="xs"
            >
              Client settings
            </Button>
          </Group>
        }
      />
      <ApprovalRequestsPanel clientId={clientId} />
      <VirtualOfficePanel clientId={clientId} always={officeSection} />
      <ClientActivityPanels clientId={clientId} />
      <ClientTables clientId={clientId} />
    </Stack>
  );
}
