import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { AutoVerifyThumbnail } from './AutoVerifyThumbnail';
import { useDeviceCard } from './api';
import { DeviceCard } from './DeviceCard';
import { IconShield } from './deviceIcons';
import { formatDateTime } from './format';
import { ToneBadge } from './ToneBadge';

/**
 * AutoVerify block (spec 2.4): recent results and the 250x156 screenshot; hidden for NAS. A
 * system read from a backup source shows its repository checks instead, with no screen.
 */
export function AutoVerifyCard({ deviceId, onOpen }: { deviceId: number; onOpen: () => void }) {
  const { card } = useDeviceCard(deviceId, 'get_device_autoverify_info');
  const repository = card?.verification === 'repository_check';
  const title = repository ? 'Repository check' : card?.is_d2c ? 'Cloud AutoVerify' : 'AutoVerify';
  return (
    <DeviceCard
      title={title}
      icon={<IconShield size={20} />}
      ready={!!card}
      testId="autoverify-card"
      extra={
        card && card.tableData.length > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={onOpen}>
            Last result
          </Button>
        ) : null
      }
    >
      {card && (
        <Group align="flex-start" gap="md" wrap="wrap">
          {!repository && (
            <AutoVerifyThumbnail
              params={card.url_params}
              width={250}
              height={156}
              onClick={card.tableData.length > 0 ? onOpen : undefined}
            />
          )}
          <Stack gap={4} style={{ flex: '1 1 260px' }} miw={0}>
            {card.tableData.length === 0 ? (
              <Text size="sm" c="dimmed">
                {repository
                  ? 'The repository of this system has not been checked yet. The console checks it on a schedule, with its syncs.'
                  : 'No AutoVerify has run for this system yet. Run one from the actions.'}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={300}>
                <Table fz="sm" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      {card.tableColumns.map((c) => (
                        <Table.Th key={c.key}>{c.label}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {card.tableData.slice(0, 5).map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{formatDateTime(r.rp)}</Table.Td>
                        <Table.Td>{formatDateTime(r.ended_at)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <ToneBadge colour={r.status === 'success' ? 'green' : 'red'}>
                            {r.status === 'success' ? (repository ? 'Passed' : 'Success') : 'Failure'}
                          </ToneBadge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Group>
      )}
    </DeviceCard>
  );
}
