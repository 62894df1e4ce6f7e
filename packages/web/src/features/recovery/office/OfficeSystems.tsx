import { type OfficeAnswer, osLabel } from '@lifeboat/contract';
import { Badge, Image, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { screenshotUrl } from '../failover-api';
import { CopyText } from './CopyText';

type OfficeSystem = OfficeAnswer['systems'][number];

const STATE: Record<OfficeSystem['state'], { label: string; color: string }> = {
  queued: { label: 'Waiting its turn', color: 'gray' },
  booting: { label: 'Booting', color: 'blue' },
  running: { label: 'Running', color: 'green' },
  stopped: { label: 'Stopped', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** The office's systems in start order: state, address and console screenshot (issue 16.3). */
export function OfficeSystems({ office }: { office: OfficeAnswer }) {
  const [zoom, setZoom] = useState<OfficeSystem | null>(null);
  const systems = [...office.systems].sort((a, b) => a.group - b.group || a.order - b.order);
  // The screenshot changes as the system boots; its state in the URL makes the browser fetch the new one.
  const shot = (s: OfficeSystem) => `${screenshotUrl(office.failover_id, s.system_id)}?state=${s.state}`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="office-systems">
        {systems.map((s) => (
          <Paper
            key={s.system_id}
            withBorder
            radius="md"
            p="sm"
            data-testid="office-system"
            data-state={s.state}
          >
            <Stack gap={6}>
              <Text fw={600} size="sm" truncate>
                {s.name}
              </Text>
              <Text size="xs" c="dimmed">
                Start group {s.group} · {osLabel(s.os_type)}
              </Text>
              <Badge color={STATE[s.state].color} variant="light" w="fit-content">
                {STATE[s.state].label}
              </Badge>
              {s.ip_address && <CopyText label={`address of ${s.name}`} value={s.ip_address} />}
              {s.has_screenshot ? (
                <UnstyledButton onClick={() => setZoom(s)} aria-label={`Console of ${s.name}`}>
                  <Image src={shot(s)} alt={`Console of ${s.name}`} radius="sm" h={110} fit="cover" />
                </UnstyledButton>
              ) : (
                <Text size="xs" c="dimmed">
                  No console yet.
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Modal
        opened={zoom !== null}
        onClose={() => setZoom(null)}
        title={zoom ? `Console of ${zoom.name}` : ''}
        size="xl"
      >
        {zoom && <Image src={shot(zoom)} alt={`Console of ${zoom.name}`} />}
      </Modal>
    </>
  );
}
