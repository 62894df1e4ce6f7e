import { IPSEC_LIMITS, type IpsecSite, type OfficeNetworkAnswer, settingsCalls } from '@lifeboat/contract';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callUrl } from '../../api/call';
import { callKey } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyAction } from '../../components/CopyAction';
import { IconDownload } from '../../components/icons';
import { IpsecSiteDialog } from './IpsecSiteDialog';

// A client's site-to-site VPN (IPsec) sites (issue 17.5; inventory-reports-exports-security 2
// 'Virtual office advanced settings', 9: at most 10 sites). Each site offers its firewall's
// configuration as a download, and its pre-shared key with a copy button.

function SiteRow({
  site,
  clientId,
  canEdit,
  onEdit,
  onDelete,
}: {
  site: IpsecSite;
  clientId: number;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="ipsec-site">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{site.name}</Text>
          <Text size="sm" c="dimmed">
            {site.remote_name} · public {site.public_ip} · remote {site.remote_ip}
          </Text>
          <Group gap={6}>
            {site.remote_subnets.map((s) => (
              <Badge key={s} variant="light" color="gray" tt="none">
                {s}
              </Badge>
            ))}
          </Group>
          {site.psk && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">Pre-shared key</Text>
              <CopyAction value={site.psk} what={`the pre-shared key of ${site.name}`} />
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          <Tooltip label="The firewall's configuration (strongSwan swanctl.conf)">
            <ActionIcon
              component="a"
              href={callUrl(settingsCalls.ipsecSiteConfig, { id: clientId, siteId: site.id })}
              download
              variant="light"
              size="lg"
              aria-label={`Download the configuration of ${site.name}`}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          {canEdit && (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export function IpsecSitesPanel({ network }: { network: OfficeNetworkAnswer }) {
  const qc = useQueryClient();
  const clientId = network.client_id;
  const [editing, setEditing] = useState<IpsecSite | 'new' | null>(null);
  const [deleting, setDeleting] = useState<IpsecSite | null>(null);
  const full = network.sites.length >= IPSEC_LIMITS.sites;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2} maw={620}>
          <Text fw={600}>Site-to-site VPN</Text>
          <Text size="sm" c="dimmed">
            Connects the client's offices to its virtual office over IPsec. The virtual office answers at{' '}
            <Text span ff="monospace" size="sm">
              {network.office.endpoint}
            </Text>{' '}
            <CopyAction value={network.office.endpoint} what="the virtual office's VPN address" /> and offers{' '}
            {network.office.networks.join(', ')}.
          </Text>
        </Stack>
        {network.can_edit && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {network.sites.length} of {IPSEC_LIMITS.sites} sites
            </Text>
            <Button onClick={() => setEditing('new')} disabled={full}>
              Add site
            </Button>
          </Group>
        )}
      </Group>
      {network.sites.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed" ta="center">
            No IPsec sites yet.
            {network.can_edit ? ' Add the firewall of each office that should reach the virtual office.' : ''}
          </Text>
        </Card>
      ) : (
        network.sites.map((site) => (
          <SiteRow
            key={site.id}
            site={site}
            clientId={clientId}
            canEdit={network.can_edit}
            onEdit={() => setEditing(site)}
            onDelete={() => setDeleting(site)}
          />
        ))
      )}
      <IpsecSiteDialog
        clientId={clientId}
        opened={editing !== null}
        site={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete IPsec site"
        message={`Delete ${deleting?.name ?? 'this site'}? Its firewall can no longer reach the virtual office, and its key stops working.`}
        confirmLabel="Delete site"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await call(settingsCalls.deleteIpsecSite, {
            params: { id: clientId },
            json: { site_id: deleting.id },
          });
          qc.setQueryData(callKey(settingsCalls.officeNetwork, { params: { id: clientId } }), answer);
        }}
      />
    </Stack>
  );
}
