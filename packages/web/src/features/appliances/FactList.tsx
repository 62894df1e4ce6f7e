import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of a details card, two columns from the small breakpoint up. */
export function FactList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {facts.map(([label, value]) => (
        <Stack key={label} gap={2} miw={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <div style={{ overflowWrap: 'anywhere' }}>{value}</div>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
