import {
  ALERT_CONDITIONS,
  ALERT_SEVERITIES,
  ALERT_STATE_FILTERS,
  type AlertListQuery,
  type AlertStateFilter,
  alertActionCalls,
  CONDITION_LABEL,
  LIST_PAGE_SIZES,
  SEVERITY_LABEL,
  STATE_LABEL,
  toListPage,
} from '@lifeboat/contract';
import { Button, Card, Group, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { useCallList } from '../../api/useCall';
import { IconAlert } from '../../components/icons';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { ListPager } from '../../components/lists/ListPager';
import { useListState } from '../../components/lists/useListState';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser, useRight } from '../../session/session';
import { AlertDrawer } from './AlertDrawer';
import { AlertTable } from './AlertTable';
import { ALERTS_POLL_MS, useOpenAlert } from './alertQueries';
import { ClientFilter } from './ClientFilter';
import { SnoozesCard } from './SnoozesCard';

// The Alerts page: the user's alerts, newest first, filtered by client, condition,
// severity and state and paged on the server; the filters, the page and the open timeline
// (?alert=) are in the url, so a link or a reload shows the same.

const FILTER_KEYS = ['client_id', 'condition', 'severity', 'state'] as const;
const CONDITIONS = ALERT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABEL[c] }));
const SEVERITIES = ALERT_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABEL[s] }));
const STATES = ALERT_STATE_FILTERS.map((s) => ({ value: s, label: STATE_LABEL[s] }));

export function AlertsPage() {
  const user = useCurrentUser();
  const list = useListState({ filterKeys: FILTER_KEYS, sizes: LIST_PAGE_SIZES });
  const handles = useRight('manage_alerts');
  // A client's user sees its own systems only: no client filter or column.
  const ownClient = user.organisationKind === 'client';
  const state = (list.filter('state') || 'active') as AlertStateFilter;
  const query: AlertListQuery = {
    page: list.page,
    rows: list.rows,
    client_id: list.filter('client_id') || undefined,
    condition: (list.filter('condition') || undefined) as AlertListQuery['condition'],
    severity: (list.filter('severity') || undefined) as AlertListQuery['severity'],
    state,
  };
  const page = useCallList(
    alertActionCalls.alertList,
    { query },
    (a) => toListPage(a, list.page, list.rows),
    { refetchInterval: ALERTS_POLL_MS },
  );
  const [openId, setOpen] = useOpenAlert();
  const nothingOpen = page.data?.rows.length === 0 && state === 'active' && !list.narrowed;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Alerts"
        subtitle={
          ownClient
            ? 'What the console noticed about your systems: open now, acknowledged by your provider, or resolved.'
            : 'What needs attention across your clients: open, acknowledged by a colleague, or resolved.'
        }
      />
      <Card withBorder padding="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
          {!ownClient && (
            <ClientFilter value={list.filter('client_id')} onChange={(v) => list.setFilter('client_id', v)} />
          )}
          <Select
            label="Condition"
            placeholder="Every condition"
            data={CONDITIONS}
            value={list.filter('condition') || null}
            onChange={(v) => list.setFilter('condition', v)}
            clearable
            w={220}
          />
          <Select
            label="Severity"
            placeholder="Every severity"
            data={SEVERITIES}
            value={list.filter('severity') || null}
            onChange={(v) => list.setFilter('severity', v)}
            clearable
            w={170}
          />
          <Select
            label="State"
            data={STATES}
            value={state}
            onChange={(v) => list.setFilter('state', v === 'active' ? null : v)}
            allowDeselect={false}
            w={210}
          />
          {list.narrowed && (
            <Button variant="subtle" onClick={list.clearAll}>
              Clear filters
            </Button>
          )}
        </Group>
        {page.isError && (
          <LoadFailedAlert
            title="Could not load the alerts"
            error={page.error}
            onRetry={() => void page.refetch()}
          />
        )}
        {nothingOpen ? (
          <Stack align="center" gap={6} py="xl" data-testid="alerts-empty">
            <ThemeIcon size={44} radius="xl" color="green.9" variant="light">
              <IconAlert size={24} />
            </ThemeIcon>
            <Text fw={600}>No open alerts</Text>
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {page.data?.emptyDesc} New alerts appear here as the console’s checks find them.
            </Text>
          </Stack>
        ) : (
          !page.isError && (
            <>
              <AlertTable
                rows={page.data?.rows}
                loading={page.isFetching || page.isPending}
                onOpen={setOpen}
                label="Alerts"
                showClient={!ownClient}
              />
              {page.data?.rows.length === 0 && (
                <Text c="dimmed" ta="center" py="lg">
                  {page.data.emptyDesc}
                </Text>
              )}
            </>
          )
        )}
        {page.data && page.data.rows.length > 0 && (
          <ListPager
            page={page.data}
            state={list}
            noun="alerts"
            label="Alert pages"
            sizes={LIST_PAGE_SIZES}
          />
        )}
      </Card>
      <SnoozesCard canEnd={handles} />
      <AlertDrawer alertId={openId} onClose={() => setOpen(null)} canSnooze={handles} />
    </Stack>
  );
}
