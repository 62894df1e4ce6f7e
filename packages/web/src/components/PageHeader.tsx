import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Small line above the title, e.g. the kind of item a detail page shows. */
  eyebrow?: string;
  actions?: ReactNode;
}

/** The title block every page starts with; also sets the document title. */
export function PageHeader({ title, subtitle, eyebrow, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4} miw={0}>
        {eyebrow && (
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
