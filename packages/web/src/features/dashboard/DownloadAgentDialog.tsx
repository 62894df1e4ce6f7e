import { dashboardCalls } from '@lifeboat/contract';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useCall } from '../../api/useCall';

/** Download agent: the installers this server offers, or an honest note that there are none. */
export function DownloadAgentDialog({
  opened,
  onClose,
  resellerId,
}: {
  opened: boolean;
  onClose: () => void;
  resellerId: number;
}) {
  const { data, error, isPending } = useCall(
    dashboardCalls.agentInstallers,
    { params: { id: resellerId } },
    { enabled: opened },
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Download agent" size="lg">
      <Stack gap="sm">
        {isPending && opened && <Loader size="sm" aria-label="Loading the installers" />}
        {error && <Alert color="red">{error.message}</Alert>}
        {data && <Text size="sm">{data.message}</Text>}
        {data && data.installers.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Installer</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Size</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.installers.map((i) => (
                  <Table.Tr key={i.file_name}>
                    <Table.Td>
                      <Anchor href={i.download_url} download={i.file_name}>
                        {i.file_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{i.platform}</Table.Td>
                    <Table.Td>{i.size_text}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
