import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ClientTables, useClientName } from '../dashboard/ClientTables';
import { ClientActivityPanels } from '../recovery/ActivityPanels';

/** A client's page (/client/details/{id}); a client user's home. */
export function ClientDetailsPage({ clientId }: { clientId: number }) {
  const user = useCurrentUser();
  const own = user.organisationId === clientId;
  const name = useClientName(clientId);
  return (
    <Stack gap="md">
      <PageHeader
        // A name, never a database id (issue 18.11).
        title={own ? user.organisationName : (name ?? 'Loading…')}
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
      <ClientActivityPanels clientId={clientId} />
      <ClientTables clientId={clientId} />
    </Stack>
  );
}
