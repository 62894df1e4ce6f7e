import type { ApplianceDetailsAnswer } from '@lifeboat/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatBytes } from '../entities/cells';
import { UsageMeter } from './UsageMeter';

type Licence = ApplianceDetailsAnswer['license'];

const seatText = (s: { used: number; licensed: number }) =>
  s.licensed > 0 ? `${s.used} of ${s.licensed}` : `${s.used} (none licensed)`;

/**
 * The licence, measured both ways and labelled (issue 18.10): seats (systems protected against
 * systems licensed) and storage (bytes on the appliance against bytes licensed). The one it is
 * sold by is named.
 */
export function LicenceCard({ licence }: { licence: Licence }) {
  const seats = licence.seats;
  const storage = licence.storage;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Licence
          </Title>
          <Text size="sm" c="dimmed">
            {licence.type_label}, measured by {licence.measured_by}
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          {licence.name}
        </Text>
        <UsageMeter
          label="Seats"
          text={`${seats.used} of ${seats.licensed} systems`}
          percent={seats.percent}
          na={seats.licensed === 0}
        />
        <Text size="xs" c="dimmed">
          Servers {seatText(seats.servers)} · Workstations {seatText(seats.workstations)} · NAS{' '}
          {seatText(seats.nas)}
        </Text>
        <UsageMeter
          label="Storage"
          text={
            storage.licensed_bytes > 0
              ? `${formatBytes(storage.used_bytes)} of ${formatBytes(storage.licensed_bytes)}`
              : `${formatBytes(storage.used_bytes)} (no storage licensed)`
          }
          percent={storage.percent}
          na={storage.licensed_bytes === 0}
        />
      </Stack>
    </Card>
  );
}
