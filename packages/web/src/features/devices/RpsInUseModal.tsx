import { deviceCalls } from '@lifeboat/contract';
import { Alert, Anchor, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { errorText } from './errors';
import { formatDateTime } from './format';

interface Props {
  entityType: 'device' | 'appliance';
  entityId: number;
  opened: boolean;
  onClose: () => void;
}

/** Restore points in use (spec 3), from GET /{entityType}/get_rps_in_use/{entityId}. */
export function RpsInUseModal({ entityType, entityId, opened, onClose }: Props) {
  const q = useQuery({
    queryKey: ['rps_in_use', entityType, entityId],
    queryFn: ({ signal }) => call(deviceCalls.rpsInUse, { params: { entityType, id: entityId } }, { signal }),
    enabled: opened,
    staleTime: 0,
  });
  const failed = q.error ?? (q.data && !q.data.ok ? (q.data.error ?? '') : null);
  const data = q.data?.ok ? q.data.data : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Restore points in use" size="lg">
      {q.isPending && <Loader size="sm" aria-label="Loading" />}
      {failed !== null && failed !== undefined && (
        <Alert color="red" title="Could not load the restore points in use">
          {errorText(failed)}
        </Alert>
      )}
      {data && (
        <>
          <Text size="sm" mb="sm">
            {data.entity.text}:{' '}
            <Anchor component={Link} to={data.entity.target_link} onClick={onClose}>
              {data.entity.name}
            </Anchor>
          </Text>
          {data.rps_in_use.length === 0 ? (
            <Text c="dimmed" size="sm">
              No restore point is in use: none is mounted, shared or being exported.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    {data.columns.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rps_in_use.map((r) => (
                    <Table.Tr key={`${r.machine_id}-${r.rp}`}>
                      <Table.Td>{r.machine_name}</Table.Td>
                      <Table.Td>{r.machine_agent_version}</Table.Td>
                      <Table.Td>{formatDateTime(r.rp)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Modal>
  );
}
