import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PanelFrameProps {
  title: string;
  loading: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** An activity panel's card: title, skeleton while loading, a visible error, an empty state. */
export function PanelFrame({ title, loading, error, empty, emptyText, children }: PanelFrameProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={20} />
          <Skeleton h={20} w="70%" />
        </Stack>
      ) : error ? (
        <Alert color="red" title={`The ${title.toLowerCase()} could not be loaded`}>
          {error.message}
        </Alert>
      ) : empty ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}
