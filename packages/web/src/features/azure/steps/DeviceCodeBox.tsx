import { AZURE_COPIED_FLASH_MS, type AzureAuthAnswer, azureCountdown } from '@lifeboat/contract';
import { Anchor, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * One device code (dashboard-device-azure 4, 9): the code with a copy button whose message flashes
 * 5 s, the sign-in page (opened in a new tab), and a mm:ss countdown; once expired, the expired
 * text and a regenerate button. The countdown starts from the server's expires_in at the moment
 * the answer arrived (`receivedAt`, this browser's clock), so a PC clock that is off by minutes
 * neither blocks the sign-in nor stretches it.
 */
export function DeviceCodeBox({
  title,
  code,
  receivedAt,
  expired,
  onRegenerate,
}: {
  title: string;
  code: AzureAuthAnswer;
  receivedAt: number;
  expired: boolean;
  onRegenerate: () => void;
}) {
  const clipboard = useClipboard({ timeout: AZURE_COPIED_FLASH_MS });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  // A clock set back while counting never adds time.
  const left = azureCountdown(code.expires_in * 1000 - Math.max(0, now - receivedAt));
  const gone = expired || left === null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="device-code-box">
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        {gone ? (
          <Group justify="space-between" wrap="wrap">
            <Text c="red" size="sm">
              This code has expired. Ask for a new one to sign in.
            </Text>
            <Button size="xs" onClick={onRegenerate}>
              Regenerate the code
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm">
              Open{' '}
              <Anchor href={code.verification_url} target="_blank" rel="noopener noreferrer">
                the Microsoft sign-in page
              </Anchor>{' '}
              and enter this code:
            </Text>
            <Group gap="sm" wrap="wrap">
              <Code fz="lg" fw={700} style={{ letterSpacing: '0.12em' }} data-testid="device-code">
                {code.device_code}
              </Code>
              <Button size="xs" variant="light" onClick={() => clipboard.copy(code.device_code)}>
                Copy the code
              </Button>
              {clipboard.copied && (
                <Text size="sm" c="teal" role="status">
                  Code copied to the clipboard.
                </Text>
              )}
              {clipboard.error && (
                <Text size="sm" c="red" role="alert">
                  The code could not be copied: select it and copy it by hand.
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              The code expires in <span data-testid="code-countdown">{left}</span>.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
