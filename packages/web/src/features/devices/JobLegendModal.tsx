import { JOB_DISPLAY_STATUSES } from '@lifeboat/contract';
import { Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BACKUP_TYPE_HELP, JOB_STATUS_STYLE, JOB_TYPE_STYLE } from './jobStatus';

/** The job legend (spec 2.4): what each status, job type and backup type means. */
export function JobLegendModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Job legend">
      <Stack gap="md">
        <Stack gap={8}>
          <Title order={3} fz="sm">
            Status
          </Title>
          {JOB_DISPLAY_STATUSES.map((s) => (
            <Group key={s} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon color={JOB_STATUS_STYLE[s].colour} variant="light" size="md">
                {JOB_STATUS_STYLE[s].icon}
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {s}
                </Text>
                <Text size="xs" c="dimmed">
                  {JOB_STATUS_STYLE[s].help}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
        <Stack gap={8}>
          <Title order={3} fz="sm">
            Job type
          </Title>
          {Object.entries(JOB_TYPE_STYLE).map(([k, v]) => (
            <Group key={k} gap="sm" wrap="nowrap">
              <ThemeIcon color="gray" variant="light" size="md">
                {v.icon}
              </ThemeIcon>
              <Text size="sm">
                <b>{k}</b>: {v.help}
              </Text>
            </Group>
          ))}
          {Object.entries(BACKUP_TYPE_HELP).map(([k, v]) => (
            <Text key={k} size="sm">
              <b>{k}</b>: {v}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
