import { Alert, Button, Paper, ScrollArea, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<R> {
  key: string;
  title: string;
  render: (row: R) => ReactNode;
  /** Hidden under 768 px. */
  wide?: boolean;
}

interface ChoiceTableProps<R> {
  label: string;
  rows: R[] | undefined;
  columns: Column<R>[];
  rowKey: (row: R) => number | string;
  /** Why a row cannot be chosen (shown as its tooltip), or null. */
  disabledReason?: (row: R) => string | null;
  onChoose: (row: R) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: string;
}

/** A table whose rows are the choices of a step: skeleton, error with retry, empty state. */
export function ChoiceTable<R>(p: ChoiceTableProps<R>) {
  if (p.loading)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${p.label}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  if (p.error)
    return (
      <Alert color="red" title={`The ${p.label} could not be loaded`}>
        <Text size="sm">{p.error.message}</Text>
        <Button size="xs" mt="sm" variant="light" color="red" onClick={p.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  if (!p.rows || p.rows.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {p.empty}
        </Text>
      </Paper>
    );
  return (
    <ScrollArea.Autosize mah="55vh" type="auto">
      <Table highlightOnHover verticalSpacing="xs" aria-label={p.label}>
        <Table.Thead>
          <Table.Tr>
            {p.columns.map((c) => (
              <Table.Th key={c.key} visibleFrom={c.wide ? 'sm' : undefined}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.rows.map((row) => {
            const reason = p.disabledReason?.(row) ?? null;
            const tr = (
              <Table.Tr
                key={p.rowKey(row)}
                onClick={reason ? undefined : () => p.onChoose(row)}
                onKeyDown={(e) => {
                  if (!reason && (e.key === 'Enter' || e.key === ' ')) p.onChoose(row);
                }}
                tabIndex={reason ? -1 : 0}
                aria-disabled={reason ? true : undefined}
                style={{ cursor: reason ? 'not-allowed' : 'pointer', opacity: reason ? 0.5 : 1 }}
              >
                {p.columns.map((c) => (
                  <Table.Td key={c.key} visibleFrom={c.wide ? 'sm' : undefined}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
            return reason ? (
              <Tooltip key={p.rowKey(row)} label={reason} position="top-start" withArrow>
                {tr}
              </Tooltip>
            ) : (
              tr
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
