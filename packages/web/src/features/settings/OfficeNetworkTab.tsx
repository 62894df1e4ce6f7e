import { settingsCalls } from '@lifeboat/contract';
import { Alert, Divider, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { IpsecSitesPanel } from './IpsecSitesPanel';
import { closeOfficeNotice, officeNoticeClosed } from './officeNoticeCookie';
import { RunbookSettingsForm } from './RunbookSettingsForm';

/**
 * The closable warning of the tab: network changes reach a running office only at its next start.
 * Closed, it stays closed 365 days (spec: 9 'error-closed cookie'; docs/decisions.md issue 17).
 */
export function NextStartNotice({ clientId }: { clientId: number }) {
  const [closed, setClosed] = useState(() => officeNoticeClosed(clientId));
  if (closed) return null;
  return (
    <Alert
      color="yellow"
      title="Changes apply at the next start of the virtual office"
      withCloseButton
      closeButtonLabel="Close this notice"
      onClose={() => {
        closeOfficeNotice(clientId);
        setClosed(true);
      }}
    >
      A virtual office that is running keeps its network until it is stopped and started again.
    </Alert>
  );
}

/** The virtual office tab of a client's settings (spec: 2 'Virtual office advanced settings'). */
export function OfficeNetworkTab({ clientId }: { clientId: number }) {
  const network = useCall(settingsCalls.officeNetwork, { params: { id: clientId } });
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
      <NextStartNotice clientId={clientId} />
      <IpsecSitesPanel network={network.data} />
      <Divider />
      <RunbookSettingsForm key={network.dataUpdatedAt} network={network.data} />
    </Stack>
  );
}
