import { Alert, Divider, Skeleton, Stack } from '@mantine/core';
import { IpsecSitesPanel } from './IpsecSitesPanel';
import { RunbookSettingsForm } from './RunbookSettingsForm';
import { useOfficeNetwork } from './settingsQueries';

/** The virtual office tab of a client's settings (spec: 2 'Virtual office advanced settings'). */
export function OfficeNetworkTab({ clientId }: { clientId: number }) {
  const network = useOfficeNetwork(clientId);
  if (network.isPending)
    return (
      <Stack>
        <Skeleton h={90} />
        <Skeleton h={240} />
      </Stack>
    );
  if (network.isError)
    return (
      <Alert color="red" title="The virtual office settings could not be loaded">
        {network.error.message}
      </Alert>
    );
  return (
    <Stack gap="xl">
      <IpsecSitesPanel network={network.data} />
      <Divider />
      <RunbookSettingsForm key={network.dataUpdatedAt} network={network.data} />
    </Stack>
  );
}
