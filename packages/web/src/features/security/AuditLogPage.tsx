import {
  AUDIT_OBJECT_EXAMPLE,
  auditActionText,
  auditDetailsText,
  auditObjectText,
  LIST_PAGE_SIZES,
  securityCalls,
  toListPage,
} from '@lifeboat/contract';
import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { callUrl } from '../../api/call';
import { useCallList } from '../../api/useCall';
import { IconDownload } from '../../components/icons';
import { ListPager } from '../../components/lists/ListPager';
import { SearchBox } from '../../components/lists/SearchBox';
import { useListState } from '../../components/lists/useListState';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../format/dateTime';

// The audit log (issue 17.3): every audited action in the viewer's scope, filtered by user,
// action, object and time, paged with the one list contract, exported as CSV.

const FILTER_KEYS = ['user', 'action', 'object', 'since'] as const;
const ACTIONS = [
  { value: 'session.', label: 'Sign-ins and sign-outs' },
  { value: 'session.login_failed', label: 'Failed sign-ins' },
  { value: 'mfa.', label: 'MFA changes' },
  { value: 'settings.', label: 'Settings changes' },
  { value: 'recovery.', label: 'Restores and recoveries' },
  { value: 'share.', label: 'Shares' },
  { value: 'export.', label: 'Exports' },
  { value: 'failover.', label: 'Failovers' },
  { value: 'report.', label: 'Report deliveries' },
  { value: 'entity.', label: 'Entity changes and deletions' },
];
const DAY = 24 * 3_600_000;
const SINCE = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

/** /audit (not /audit/log: that is the call it reads, and a reload there would get the call). */
export function AuditLogPage() {
  const list = useListState({ filterKeys: FILTER_KEYS, sizes: LIST_PAGE_SIZES });
  const since = Number(list.filter('since')) || 0;
  // "Since" is relative to when the filter is read: a whole minute keeps the query key steady.
  const from = since ? Math.floor((Date.now() - since * DAY) / 60_000) * 60_000 : undefined;
  const filters = {
    user: list.filter('user') || undefined,
    action: list.filter('action') || undefined,
    object: list.filter('object') || undefined,
    search: list.search || undefined,
    from,
  };
  const query = { ...filters, page: list.page, rows: list.rows };
  const page = useCallList(securityCalls.auditLog, { query }, (a) => toListPage(a, list.page, list.rows));
  const csv = callUrl(securityCalls.auditLogCsv, undefined, filters);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        subtitle="Sign-ins, MFA changes, restores, shares, exports, failovers, report deliveries, settings changes and deletions."
        actions={
          <Button component="a" href={csv} variant="default" leftSection={<IconDownload size={16} />}>
            Export CSV
          </Button>
        }
      />
      <Card withBorder padding="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
          <SearchBox value={list.search} onSearch={list.setSearch} label="Search actions and users" />
          <TextInput
            label="User"
            placeholder="User name"
            defaultValue={list.filter('user')}
            onBlur={(e) => list.setFilter('user', e.currentTarget.value.trim() || null)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.setFilter('user', e.currentTarget.value.trim() || null);
            }}
            w={180}
          />
          <Select
            label="Action"
            placeholder="Every action"
            data={ACTIONS}
            value={list.filter('action') || null}
            onChange={(v) => list.setFilter('action', v)}
            clearable
            w={220}
          />
          <TextInput
            label="Object"
            placeholder={AUDIT_OBJECT_EXAMPLE}
            defaultValue={list.filter('object')}
            onBlur={(e) => list.setFilter('object', e.currentTarget.value.trim() || null)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.setFilter('object', e.currentTarget.value.trim() || null);
            }}
            w={160}
          />
          <Select
            label="Time"
            placeholder="Any time"
            data={SINCE}
            value={list.filter('since') || null}
            onChange={(v) => list.setFilter('since', v)}
            clearable
            w={170}
          />
          {list.narrowed && (
            <Button variant="subtle" onClick={list.clearAll}>
              Clear filters
            </Button>
          )}
        </Group>
        {page.isError && <Alert color="red">{page.error.message}</Alert>}
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Audit log" aria-busy={page.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Object</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data?.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at)}</Table.Td>
                  <Table.Td>
                    {r.user ?? '—'}
                    {/* A call made with an API key is audited as made by the key (issue 26.4). */}
                    {r.apiKey !== null && (
                      <Text size="xs" c="dimmed">
                        with the API key {r.apiKey} ({r.apiKeyPrefix}…)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.organisation ?? '—'}</Table.Td>
                  <Table.Td data-action={r.action}>{auditActionText(r.action)}</Table.Td>
                  <Table.Td>{auditObjectText(r.targetType, r.targetId) ?? '—'}</Table.Td>
                  <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>
                    <Text size="xs">{auditDetailsText(r.details, formatDateTime)}</Text>
                  </Table.Td>
                  <Table.Td>{r.ip ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {page.data && page.data.rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {page.data.emptyDesc}
          </Text>
        )}
        {page.data && (
          <ListPager
            page={page.data}
            state={list}
            noun="actions"
            label="Audit log pages"
            sizes={LIST_PAGE_SIZES}
          />
        )}
      </Card>
    </Stack>
  );
}
