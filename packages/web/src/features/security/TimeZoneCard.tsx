import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { browserTimeZone, displayTimeZone, formatDateTime, timeZoneLabel } from '../../format/dateTime';
import { sessionKeys } from '../../session/session';
import { saveTimeZone } from '../../session/sessionApi';

/** Every IANA zone the browser knows, UTC first. */
function zones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

/**
 * The user's time zone (issue 24): every day and time of the console is written in it, and
 * restore points are grouped into its days. Stored on the user, so it follows them to any browser.
 */
export function TimeZoneCard() {
  const qc = useQueryClient();
  const options = useMemo(zones, []);
  const [zone, setZone] = useState(displayTimeZone());
  const save = useMutation({
    mutationFn: () => saveTimeZone(zone),
    onSuccess: (session) => qc.setQueryData(sessionKeys.current(), session),
  });
  const browser = browserTimeZone();
  return (
    <Card withBorder padding="lg" radius="md" maw={720}>
      <Stack gap="sm">
        <Text fw={600}>Time zone</Text>
        <Text size="sm">
          Days and times are shown in {timeZoneLabel()} ({displayTimeZone()}): now is{' '}
          {formatDateTime(Date.now())}.
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Your time zone"
            data={options}
            value={zone}
            onChange={(v) => v && setZone(v)}
            searchable
            allowDeselect={false}
            w={300}
            description={zone === browser ? 'The zone of this browser.' : `This browser is in ${browser}.`}
            error={save.error?.message}
          />
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={zone === displayTimeZone()}
          >
            Save time zone
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
