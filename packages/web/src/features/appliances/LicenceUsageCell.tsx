import type { LicenseRow } from '@lifeboat/contract';
import { Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '../entities/cells';

interface Props {
  measuredBy: 'seats' | 'storage';
  seats: { text: string; percent: number; na: boolean };
  storage: { text: string; percent: number; na: boolean };
}

const colour = (p: number) => (p >= 90 ? 'red.8' : p >= 70 ? 'yellow.5' : 'blue.8');

/**
 * A licence's use in a table cell, both measures labelled (issue 18.10: the dashboard said
 * storage and the licences tab seats for the same appliance). The bar is the measure the
 * licence is sold by; a measure with nothing licensed is left out.
 */
export function LicenceUsageCell({ measuredBy, seats, storage }: Props) {
  const main = measuredBy === 'seats' ? seats : storage;
  const line = (label: string, m: Props['seats'], strong: boolean) =>
    m.na ? null : (
      <Text
        size="xs"
        fw={strong ? 600 : 400}
        c={strong ? undefined : 'dimmed'}
        data-usage={label.toLowerCase()}
      >
        {label}: {m.text} · {m.percent}%
      </Text>
    );
  if (seats.na && storage.na)
    return (
      <Text size="xs" c="dimmed">
        Not applicable
      </Text>
    );
  return (
    <Stack gap={2} miw={140}>
      {line('Seats', seats, measuredBy === 'seats')}
      {line('Storage', storage, measuredBy === 'storage')}
      {!main.na && (
        <Progress
          value={Math.min(100, main.percent)}
          color={colour(main.percent)}
          size="sm"
          aria-label={`Licence ${main.percent}% of ${measuredBy} used`}
        />
      )}
    </Stack>
  );
}

/** The cell for a row of the licences list (the licences tab and the dashboard's appliance list). */
export function LicenseRowUsage({ row: r }: { row: LicenseRow }) {
  const licensed = r.license_servers + r.license_workstations + r.license_nas;
  const used = r.used_servers + r.used_workstations + r.used_nas;
  return (
    <LicenceUsageCell
      measuredBy={r.license_measured_by}
      seats={{ text: `${used} of ${licensed} systems`, percent: r.seats_percent, na: licensed === 0 }}
      storage={{
        text: `${formatBytes(r.storage_used_bytes)} of ${formatBytes(r.license_storage_bytes)}`,
        percent: r.storage_percent,
        na: r.license_storage_bytes === 0,
      }}
    />
  );
}
