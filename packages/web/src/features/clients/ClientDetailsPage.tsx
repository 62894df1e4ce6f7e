import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { IconBuilding, IconRecover } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { StatePage } from '../../components/StatePage';
import { usePageLinks } from '../../components/usePageLinks';
import { useCurrentUser } from '../../session/session';
import { DashboardTables } from '../dashboard/DashboardTables';
import { usePageData } from '../dashboard/dashboardApi';
import { ClientActivityPanels } from '../recovery/ActivityPanels';
import { ApprovalRequestsPanel } from '../recovery/office/ApprovalRequestsPanel';
import { VirtualOfficePanel } from '../recovery/office/VirtualOfficePanel';
import { useRecoveryWizard } from '../recovery/wizardEntry';
import { SourcesPanel } from '../sources/SourcesPanel';

/**
 * A client's page (/client/details/{id}); a client user's home. The page data is read first: a
 * missing client or another tenant's is the not-found page, as a device's is, and the panels
 * and tables (a dozen calls) start only for a client that exists (issue 18.17).
 */
export function ClientDetailsPage({ clientId }: { clientId: number }) {
  const user = useCurrentUser();
  const { home } = usePageLinks();
  const own = user.organisationId === clientId;
  const page = usePageData('client', clientId);
  const wizard = useRecoveryWizard();
  // client/details/{clientId}/1 is the virtual office (spec: recovery-flow 2 'Routes navigated to').
  const officeSection = useParams().section === '1';
  if (page.error instanceof ApiError && page.error.status === 404)
    return (
      <StatePage
        title="Client not found"
        heading="This client was not found"
        description="It may have been removed, or it belongs to another organisation."
        icon={<IconBuilding />}
        color="gray"
        homePath={home.to}
      />
    );
  const data = page.data;
  return (
    <Stack gap="md">
      <PageHeader
        // A name, never a database id (issue 18.11).
        title={own ? user.organisationName : (data?.name ?? 'Loading…')}
        eyebrow="Client"
        actions={
          <Group gap="xs">
            {!own && (
              <Button component={Link} to="/home/clients" variant="default" size="xs">
                Back to clients
              </Button>
            )}
            {data && (
              <>
                {/* The client's own way into the wizard (spec: recovery-flow 6: client-scope users
                    start at the tool or type step); a client user had only a deep link. */}
                <Button
                  size="xs"
                  leftSection={<IconRecover size={16} />}
                  disabled={wizard.isOpen}
                  onClick={() => wizard.open({ kind: 'client', clientId })}
                >
                  Recover
                </Button>
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
              </>
            )}
          </Group>
        }
      />
      {page.error && (
        <Alert color="red" title="This client could not be loaded">
          {page.error.message}
        </Alert>
      )}
      {!data && !page.error && <Skeleton height={320} radius="md" aria-busy="true" />}
      {data && (
        <>
          <ApprovalRequestsPanel clientId={clientId} />
          <VirtualOfficePanel clientId={clientId} always={officeSection} />
          <ClientActivityPanels clientId={clientId} />
          <SourcesPanel clientId={clientId} />
          <DashboardTables page={data} />
        </>
      )}
    </Stack>
  );
}
