import { dashboardCalls, type StorageLevel, storageLevel, storageNeedsTooltip } from '@lifeboat/contract';
import { Anchor, Card, Group, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { IconAlert, IconCloud } from '../../components/icons';
import { lazyDialog } from '../../components/lazyDialog';
import { CardSkeleton } from './QuickActionsCard';

// The storage dialog loads when first opened (issue 18 point 19).
const CloudStorageDialog = lazyDialog(
  () => import('./CloudStorageDialog').then((m) => m.CloudStorageDialog),
  (p) => p.opened,
);

const LEVEL_COLOUR: Record<StorageLevel, string> = {
  normal: 'blue.8',
  warning: 'yellow.5',
  danger: 'orange.8',
  critical: 'red.8',
};
const LEVEL_TIP: Record<StorageLevel, string> = {
  normal: '',
  warning: 'Cloud storage is above 70% of the quota.',
  danger: 'Cloud storage is above 90% of the quota: act soon.',
  critical: 'The cloud storage quota is used up.',
};

/** Block 2: the organisation's counts, each a link to its list (spec 2.1, 2.2). */
export function AtAGlanceCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCall(dashboardCalls.atAGlance, { params: { id: resellerId } });
  const [dialog, setDialog] = useState(false);
  if (!data)
    return (
      <CardSkeleton
        title="Organisation at a glance"
        height={140}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  const level = storageLevel(data.cloud_storage_used_percent);
  const storage = (
    <UnstyledButton
      onClick={() => setDialog(true)}
      data-level={level}
      aria-label={data.cloud_storage_used_text}
    >
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="sm" variant="light" color={LEVEL_COLOUR[level]} autoContrast>
          {level === 'normal' ? <IconCloud size={14} /> : <IconAlert size={14} />}
        </ThemeIcon>
        <Text size="sm">Cloud storage used</Text>
        <Text size="sm" fw={650} ml="auto">
          {data.cloud_storage_used_percent}%
        </Text>
      </Group>
    </UnstyledButton>
  );
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text fw={650} mb="sm">
        Organisation at a glance
      </Text>
      <Stack gap={6}>
        {data.links.map((l) => (
          <Group key={l.key} justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={l.url} size="sm" data-glance={l.key}>
              {l.label}
            </Anchor>
            <Text size="sm" fw={650}>
              {l.count.toLocaleString('en-US')}
            </Text>
          </Group>
        ))}
        {data.show_cloud_storage &&
          (storageNeedsTooltip(data.cloud_storage_used_percent) ? (
            <Tooltip label={LEVEL_TIP[level]} withArrow>
              {storage}
            </Tooltip>
          ) : (
            storage
          ))}
      </Stack>
      <CloudStorageDialog
        opened={dialog}
        title={data.cloud_storage_dialog.title}
        text={data.cloud_storage_dialog.text}
        onClose={() => setDialog(false)}
      />
    </Card>
  );
}
