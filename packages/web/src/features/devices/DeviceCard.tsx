import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface DeviceCardProps {
  title: ReactNode;
  icon?: ReactNode;
  /** Shown right of the title (a legend or refresh button). */
  extra?: ReactNode;
  /** False keeps the loading skeleton (spec 8: loads with ok false are ignored silently). */
  ready: boolean;
  skeletonRows?: number;
  children?: ReactNode;
  testId?: string;
}

/** One card of the device page and sidebar: a titled paper with its loading skeleton. */
export function DeviceCard({
  title,
  icon,
  extra,
  ready,
  skeletonRows = 3,
  children,
  testId,
}: DeviceCardProps) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} aria-busy={!ready}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap" miw={0}>
            {icon}
            <Title order={2} fz="md" fw={650}>
              {title}
            </Title>
          </Group>
          {extra}
        </Group>
        {ready ? (
          children
        ) : (
          <Stack gap={8} aria-label="Loading">
            {Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} height={14} width={i % 2 ? '70%' : '100%'} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A label and its value on one line, for the cards' short facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" fz="sm">
      <span style={{ color: 'var(--mantine-color-dimmed)' }}>{label}</span>
      <span style={{ textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }}>{children}</span>
    </Group>
  );
}
