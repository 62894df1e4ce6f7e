import type { FtpsCredentials } from '@lifeboat/contract';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { CopyAction, CopyFailed } from '../../../../components/CopyAction';

/** An export's FTPS credentials with a copy button per value (exportComplete and the export feed). */
export function FtpsCredentialsTable({ credentials: c }: { credentials: FtpsCredentials }) {
  return (
    <Stack gap="xs">
      <Table data-testid="ftps-credentials" layout="fixed">
        <Table.Tbody>
          <CredentialRow label="Host" value={c.host} />
          <CredentialRow label="Port" value={String(c.port)} />
          <CredentialRow label="Login" value={c.login} />
          <CredentialRow label="Password" value={c.password} />
          <Table.Tr>
            <Table.Td w={110}>Expires in</Table.Td>
            <Table.Td colSpan={2}>{c.expirationDays} days</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Anchor href={c.ftpClientsLink} target="_blank" rel="noreferrer" size="sm">
        FTP clients that support FTPS
      </Anchor>
    </Stack>
  );
}

// The refusal of a copy goes under the value, where the row has room for the sentence.
function CredentialRow({ label, value }: { label: string; value: string }) {
  const what = label.toLowerCase();
  const clipboard = useClipboard();
  return (
    <Table.Tr>
      <Table.Td w={110}>{label}</Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm" data-testid={`ftps-${what}`} style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
        <CopyFailed clipboard={clipboard} />
      </Table.Td>
      <Table.Td w={48}>
        <CopyAction value={value} what={`the ${what}`} look="icon" clipboard={clipboard} />
      </Table.Td>
    </Table.Tr>
  );
}
