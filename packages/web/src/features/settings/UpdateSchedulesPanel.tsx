import { settingsCalls, type UpdateSchedule } from '@lifeboat/contract';
import { Alert, Badge, Button, Card, CloseButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { callKey, useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddAppliancesDialog } from './AddAppliancesDialog';
import { UpdateScheduleDialog } from './UpdateScheduleDialog';

// A reseller's appliance update schedules (issue 17.6; recovery-flow 7 'Update schedule'): each a
// weekly window with its appliances; appliances are added by identifier in the spec's dialog.

export function UpdateSchedulesPanel({ resellerId }: { resellerId: number }) {
  const qc = useQueryClient();
  const list = useCall(settingsCalls.updateSchedules, { params: { id: resellerId } });
  const [editing, setEditing] = useState<UpdateSchedule | 'new' | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<UpdateSchedule | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  if (list.isPending) return <Skeleton h={160} />;
  if (list.isError)
    return (
      <Alert color="red" title="The update schedules could not be loaded">
        {list.error.message}
      </Alert>
    );
  const { schedules, can_edit: canEdit } = list.data;
  const remove = async (s: UpdateSchedule, applianceId: number) => {
    setRemoveError(null);
    try {
      const answer = await call(settingsCalls.removeScheduleAppliance, {
        params: { id: s.id },
        json: { appliance_id: applianceId },
      });
      qc.setQueryData(callKey(settingsCalls.updateSchedules, { params: { id: resellerId } }), answer);
    } catch (err) {
      setRemoveError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          Appliances install their updates only inside their schedule's weekly window. An appliance is in at
          most one schedule; appliances in none update as soon as an update is out.
        </Text>
        {canEdit && <Button onClick={() => setEditing('new')}>Add schedule</Button>}
      </Group>
      {removeError && (
        <Alert
          color="red"
          title="The appliance was not taken out"
          withCloseButton
          onClose={() => setRemoveError(null)}
        >
          {removeError}
        </Alert>
      )}
      {schedules.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed" ta="center">
            No update schedules yet.{canEdit ? ' Add one, then add appliances to it.' : ''}
          </Text>
        </Card>
      )}
      {schedules.map((s) => (
        <Card key={s.id} withBorder radius="md" padding="md" data-testid="update-schedule">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Text fw={600}>{s.name}</Text>
              <Text size="sm" c="dimmed">
                {s.window}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap="xs">
                <Button size="xs" onClick={() => setAdding(s.id)}>
                  Add appliances
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(s)}>
                  Edit
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(s)}>
                  Delete
                </Button>
              </Group>
            )}
          </Group>
          <Group gap={6} mt="sm">
            {s.appliances.length === 0 ? (
              <Text size="sm" c="dimmed">
                No appliances in this schedule.
              </Text>
            ) : (
              s.appliances.map((a) => (
                <Badge
                  key={a.id}
                  variant="light"
                  color="gray"
                  tt="none"
                  size="lg"
                  title={`${a.sid} · ${a.client_name}`}
                  rightSection={
                    canEdit ? (
                      <CloseButton
                        size="xs"
                        aria-label={`Take ${a.name} out of ${s.name}`}
                        onClick={() => void remove(s, a.id)}
                      />
                    ) : undefined
                  }
                >
                  {a.name}
                </Badge>
              ))
            )}
          </Group>
        </Card>
      ))}
      <UpdateScheduleDialog
        resellerId={resellerId}
        opened={editing !== null}
        schedule={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <AddAppliancesDialog scheduleId={adding} onClose={() => setAdding(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete update schedule"
        message={`Delete ${deleting?.name ?? 'this schedule'}? Its appliances then update as soon as an update is out.`}
        confirmLabel="Delete schedule"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await call(settingsCalls.deleteUpdateSchedule, { params: { id: deleting.id } });
          qc.setQueryData(callKey(settingsCalls.updateSchedules, { params: { id: resellerId } }), answer);
        }}
      />
    </Stack>
  );
}
