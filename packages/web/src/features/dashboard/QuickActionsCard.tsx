import { dashboardCalls } from '@lifeboat/contract';
import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { invalidateCalls, useCall } from '../../api/useCall';
import { IconBuilding, IconDevice, IconRecover, IconSettings } from '../../components/icons';
import { lazyDialog } from '../../components/lazyDialog';
import { useRecoveryWizard } from '../recovery/wizardEntry';

// Loaded when first opened (issue 18 point 19).
const ClientDialog = lazyDialog(
  () => import('../clients/ClientDialog').then((m) => m.ClientDialog),
  (p) => p.opened,
);
const DownloadAgentDialog = lazyDialog(
  () => import('./DownloadAgentDialog').then((m) => m.DownloadAgentDialog),
  (p) => p.opened,
);

/** Block 1: the actions the server grants, and nothing else (spec 2.2). */
export function QuickActionsCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCall(dashboardCalls.quickActions, { params: { id: resellerId } });
  const wizard = useRecoveryWizard();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (!data) return <CardSkeleton title="Quick actions" error={error} onRetry={() => void refetch()} />;
  const none =
    !data.can_create_client && !data.can_download_agent && !data.can_recover && !data.can_edit_policy;
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text fw={650} mb="sm">
        {data.title}
      </Text>
      {none && (
        <Text size="sm" c="dimmed">
          No quick actions are enabled for this reseller.
        </Text>
      )}
      <Group gap="xs">
        {data.can_create_client && (
          <Button variant="light" leftSection={<IconBuilding size={16} />} onClick={() => setAdding(true)}>
            {data.labels.add_client}
          </Button>
        )}
        {data.can_download_agent && (
          <Button variant="light" leftSection={<IconDevice size={16} />} onClick={() => setDownloading(true)}>
            {data.labels.download_agent}
          </Button>
        )}
        {data.can_recover && (
          <Button
            variant="light"
            leftSection={<IconRecover size={16} />}
            disabled={wizard.isOpen}
            onClick={() => wizard.open({ kind: 'reseller', resellerId })}
          >
            {data.labels.recovery_wizard}
          </Button>
        )}
        {data.can_edit_policy && (
          <Button
            variant="light"
            leftSection={<IconSettings size={16} />}
            component={Link}
            to={`/settings/reseller_settings/view/${resellerId}`}
          >
            {data.labels.reseller_settings}
          </Button>
        )}
      </Group>
      <ClientDialog
        opened={adding}
        onClose={() => setAdding(false)}
        resellerId={resellerId}
        onSaved={() => {
          setAdding(false);
          // The new client shows in the counts, the filters and the tables.
          void invalidateCalls(client, ['dashboard']);
        }}
      />
      <DownloadAgentDialog
        opened={downloading}
        onClose={() => setDownloading(false)}
        resellerId={resellerId}
      />
    </Card>
  );
}

/** A card while its data loads, or with the reason it could not and a way to try again. */
export function CardSkeleton({
  title,
  height = 80,
  error,
  onRetry,
}: {
  title: string;
  height?: number;
  error?: Error | null;
  onRetry?: () => void;
}) {
  return (
    <Card withBorder padding="md" radius="md" h="100%" aria-busy={!error}>
      <Text fw={650} mb="sm">
        {title}
      </Text>
      {error ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="red.9" role="alert">
            {error.message}
          </Text>
          {onRetry && (
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      ) : (
        <Skeleton height={height} radius="sm" />
      )}
    </Card>
  );
}
