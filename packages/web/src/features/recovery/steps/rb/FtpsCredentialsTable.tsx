import type { FtpsCredentials } from '@lifeboat/contract';
import { ActionIcon, Anchor, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '../../../devices/deviceIcons';

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

// useClipboard rather than CopyButton: CopyButton drops a rejected write silently, and the spec
// wants the copy-error text then (spec: recovery-flow 8, 'Copy-to-clipboard failure').
function CredentialRow({ label, value }: { label: string; value: string }) {
  const clipboard = useClipboard();
  const what = label.toLowerCase();
  return (
    <Table.Tr>
      <Table.Td w={110}>{label}</Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm" data-testid={`ftps-${what}`} style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
        {clipboard.error && (
          <Text size="xs" c="red" role="alert">
            Could not copy: select the text and copy it by hand.
          </Text>
        )}
      </Table.Td>
      <Table.Td w={48}>
        <Tooltip label={clipboard.copied ? 'Copied' : `Copy the ${what}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={clipboard.copied ? 'green' : undefined}
            aria-label={`Copy the ${what}`}
            onClick={() => clipboard.copy(value)}
          >
            {clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
