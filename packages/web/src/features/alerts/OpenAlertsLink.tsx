import { alertActionCalls, plural } from '@lifeboat/contract';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { IconAlert } from '../../components/icons';
import { ALERTS_POLL_MS } from './alertQueries';

/**
 * The dashboard's quick filter to the Alerts page (issue 27.5): how many alerts are open for the
 * dashboard's reseller or client. Hidden while loading or when the count cannot be read.
 */
export function OpenAlertsLink({ clientId }: { clientId?: number }) {
  const q = useCall(
    alertActionCalls.alertList,
    { query: { state: 'open', page: 1, rows: 10, ...(clientId ? { client_id: String(clientId) } : {}) } },
    { refetchInterval: ALERTS_POLL_MS },
  );
  if (!q.data) return null;
  const n = q.data.records_count;
  return (
    <Button
      component={Link}
      to={`/home/alerts?state=open${clientId ? `&client_id=${clientId}` : ''}`}
      size="xs"
      variant={n > 0 ? 'outline' : 'default'}
      color={n > 0 ? '#b02525' : undefined}
      leftSection={<IconAlert size={14} />}
      data-testid="open-alerts-link"
    >
      {n === 0
        ? 'No open alerts'
        : q.data.records_count_capped
          ? `${n.toLocaleString('en-US')}+ open alerts`
          : plural(n, 'open alert')}
    </Button>
  );
}
