import { REFRESH_RATES_MINUTES } from '@lifeboat/contract';
import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '../../components/icons';
import { formatDateTime12 } from '../../format/dateTime';

const OPTIONS = REFRESH_RATES_MINUTES.map((m) => ({
  value: String(m),
  label: m === 60 ? 'Every 60 minutes (recommended)' : `Every ${m} minutes`,
}));

/** Block 7: refresh period (saved per user), refresh-all, and the last refresh in 12-hour time. */
export function RefreshControl({
  period,
  lastRefresh,
  saving,
  onPeriodChange,
  onRefreshAll,
}: {
  period: number;
  lastRefresh: number;
  saving: boolean;
  onPeriodChange: (minutes: number) => Promise<unknown>;
  onRefreshAll: () => void;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        size="xs"
        aria-label="Refresh rate"
        data={OPTIONS}
        value={String(period)}
        allowDeselect={false}
        disabled={saving}
        w={230}
        onChange={(v) => {
          if (!v) return;
          onPeriodChange(Number(v)).catch((err: Error) =>
            notifications.show({
              color: 'red',
              title: 'The refresh rate was not saved',
              message: err.message,
            }),
          );
        }}
      />
      <Tooltip label="Refresh all">
        <ActionIcon variant="default" size="lg" aria-label="Refresh all" onClick={onRefreshAll}>
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
      <Text size="xs" c="dimmed" data-last-refresh>
        Last refresh: {formatDateTime12(lastRefresh)}
      </Text>
    </Group>
  );
}
