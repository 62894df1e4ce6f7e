import { settingsCalls } from '@lifeboat/contract';
import { Alert, Card, Group, Skeleton, Text } from '@mantine/core';
import { useCall } from '../../api/useCall';

/** The update schedule an appliance is in, on the appliance's page (issue 17.6). */
export function ApplianceScheduleCard({ applianceId }: { applianceId: number }) {
  const q = useCall(settingsCalls.applianceSchedule, { params: { id: applianceId } });
  if (q.isError)
    return (
      <Alert color="red" title="The update schedule could not be loaded">
        {q.error.message}
      </Alert>
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="appliance-schedule">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>Update schedule</Text>
        {q.isPending ? (
          <Skeleton h={20} w={200} />
        ) : q.data.schedule ? (
          <Text size="sm">
            {q.data.schedule.name}: {q.data.schedule.window}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            None: this appliance installs updates as soon as they are out.
          </Text>
        )}
      </Group>
    </Card>
  );
}
