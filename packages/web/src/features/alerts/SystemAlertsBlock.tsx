import { alertActionCalls, CONDITION_LABEL } from '@lifeboat/contract';
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { formatDateTime } from '../../format/dateTime';
import { SeverityBadge } from './AlertBadges';
import { ALERTS_POLL_MS } from './alertQueries';

/**
 * The device page's open alerts of its system (issue 27.5), each linking to its timeline on the
 * Alerts page. Nothing is shown while there are none or when they cannot be read: the page's
 * own cards say how the system is.
 */
export function SystemAlertsBlock({ deviceId }: { deviceId: number }) {
  const q = useCall(
    alertActionCalls.alertList,
    { query: { system_id: String(deviceId), state: 'active', page: 1, rows: 10 } },
    { refetchInterval: ALERTS_POLL_MS },
  );
  if (q.isPending) return <Skeleton height={44} radius="md" aria-label="Loading the open alerts" />;
  if (!q.data || q.data.content.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="system-alerts">
      <Text size="sm" fw={600} mb={6}>
        Open alerts
      </Text>
      <Stack gap={6}>
        {q.data.content.map((a) => (
          <Group key={a.id} gap="xs" wrap="nowrap" align="flex-start">
            <SeverityBadge severity={a.severity} />
            <Text size="sm" style={{ flex: 1 }}>
              <Anchor component={Link} to={`/home/alerts?state=all&alert=${a.id}`}>
                {CONDITION_LABEL[a.condition]}
              </Anchor>{' '}
              since {formatDateTime(a.opened_at)}
              {a.acknowledged_by ? `, acknowledged by ${a.acknowledged_by}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
