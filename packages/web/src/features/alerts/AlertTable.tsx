import { type AlertRow, CONDITION_LABEL, plural } from '@lifeboat/contract';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatDateTime } from '../../format/dateTime';
import { SeverityBadge, StateBadge, subjectPath } from './AlertBadges';

const COLUMNS = ['Severity', 'Subject', 'Client', 'Condition', 'Opened', 'State', ''];

/** The summary under the condition's name, unless it says the same. */
function summaryOf(a: AlertRow): string | null {
  return a.summary.toLowerCase() === CONDITION_LABEL[a.condition].toLowerCase() ? null : a.summary;
}

/** When the alert was last seen or resolved, and by whom it was acknowledged. */
function stateLine(a: AlertRow): string {
  if (a.resolved_at !== null) return `Resolved ${formatDateTime(a.resolved_at)}`;
  const seen = `Seen ${plural(a.count, 'time')}, last ${formatDateTime(a.last_seen_at)}`;
  return a.acknowledged_by ? `${seen}. Acknowledged by ${a.acknowledged_by}` : seen;
}

/**
 * Alerts as a table: each subject one click from its page, each alert's timeline one click from
 * its row. `loading` shows skeleton rows; the caller says what an empty list means.
 */
export function AlertTable({
  rows,
  loading,
  onOpen,
  label,
  showClient = true,
}: {
  rows: AlertRow[] | undefined;
  loading: boolean;
  onOpen: (id: number) => void;
  label: string;
  showClient?: boolean;
}) {
  const columns = COLUMNS.filter((c) => showClient || c !== 'Client');
  // Below a laptop's width, one card per alert: seven columns squeeze the badges at 768 px.
  const phone = useMediaQuery('(max-width: 62em)') ?? false;
  if (phone)
    return <AlertCards rows={rows} loading={loading} onOpen={onOpen} label={label} showClient={showClient} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover aria-label={label} aria-busy={loading} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c || <VisuallyHidden>Timeline</VisuallyHidden>}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows &&
            loading &&
            [0, 1, 2].map((i) => (
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c}>
                    <Skeleton height={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows?.map((a) => (
            <Table.Tr key={a.id} data-alert={a.id}>
              <Table.Td>
                <SeverityBadge severity={a.severity} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={subjectPath(a)} fw={600}>
                  {a.subject_name}
                </Anchor>
              </Table.Td>
              {showClient && <Table.Td>{a.client_name}</Table.Td>}
              <Table.Td>
                <Text size="sm">{CONDITION_LABEL[a.condition]}</Text>
                {summaryOf(a) && (
                  <Text size="xs" c="dimmed">
                    {summaryOf(a)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.opened_at)}</Table.Td>
              <Table.Td>
                <StateBadge state={a.state} />
                <Text size="xs" c="dimmed" mt={4}>
                  {stateLine(a)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onOpen(a.id)}
                  aria-label={`Timeline of ${a.subject_name}: ${CONDITION_LABEL[a.condition]}`}
                >
                  Timeline
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AlertCards({
  rows,
  loading,
  onOpen,
  label,
  showClient,
}: {
  rows: AlertRow[] | undefined;
  loading: boolean;
  onOpen: (id: number) => void;
  label: string;
  showClient: boolean;
}) {
  return (
    <Stack gap="xs" role="list" aria-label={label} aria-busy={loading}>
      {!rows && loading && [0, 1, 2].map((i) => <Skeleton key={i} height={88} radius="md" />)}
      {rows?.map((a) => (
        <Paper key={a.id} withBorder radius="md" p="sm" role="listitem" data-alert={a.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Anchor component={Link} to={subjectPath(a)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {a.subject_name}
              </Anchor>
              {showClient && (
                <Text size="xs" c="dimmed">
                  {a.client_name}
                </Text>
              )}
            </Stack>
            {/* The badges keep their words; a long name wraps beside them instead. */}
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              <SeverityBadge severity={a.severity} />
              <StateBadge state={a.state} />
            </Group>
          </Group>
          <Text size="sm" mt={6}>
            {CONDITION_LABEL[a.condition]}
            {summaryOf(a) ? `: ${summaryOf(a)}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Opened {formatDateTime(a.opened_at)}. {stateLine(a)}.
          </Text>
          <Button
            size="xs"
            variant="default"
            mt={6}
            onClick={() => onOpen(a.id)}
            aria-label={`Timeline of ${a.subject_name}: ${CONDITION_LABEL[a.condition]}`}
          >
            Timeline
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}
