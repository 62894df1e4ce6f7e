import { type JobDetails, jobDetailsFields } from '@lifeboat/contract';
import { Alert, Anchor, Code, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CopyAction } from '../../components/CopyAction';
import { Fact } from './DeviceCard';
import { formatBytes, formatDateTime, formatDuration } from './format';
import { jobStatusStyle } from './jobStatus';
import { ToneBadge } from './ToneBadge';

/** The job details of spec 4 'Job status' with every display rule; used by the modal and the page. */
export function JobDetailsView({ job, onNavigate }: { job: JobDetails; onNavigate?: () => void }) {
  const show = jobDetailsFields(job.status);
  const style = jobStatusStyle(job.display_status);
  return (
    <Stack gap={8} data-testid="job-details">
      <Group gap="xs">
        <ToneBadge colour={style.colour} icon={style.icon}>
          {job.display_status}
        </ToneBadge>
        <Text size="sm" fw={600}>
          {job.type_label}
        </Text>
      </Group>
      <Fact label="Protected system">
        <Anchor component={Link} to={`/device/details/${job.machine_id}`} onClick={onNavigate} size="sm">
          {job.machine_name}
        </Anchor>
      </Fact>
      {!job.is_client && (
        <Fact label="Client">
          <Anchor component={Link} to={`/client/details/${job.client_id}`} onClick={onNavigate} size="sm">
            {job.client_name}
          </Anchor>
        </Fact>
      )}
      {job.appliance_id !== null && (
        <Fact label="Appliance">
          {job.rb_sso_access ? (
            <Anchor
              component={Link}
              to={`/appliance/details/${job.appliance_id}`}
              onClick={onNavigate}
              size="sm"
            >
              {job.appliance_name} ({job.appliance_serial})
            </Anchor>
          ) : (
            `${job.appliance_name} (${job.appliance_serial})`
          )}
        </Fact>
      )}
      {job.vault_id !== null && <Fact label="Vault">{job.vault_name}</Fact>}
      <Fact label="Started">{formatDateTime(job.start_time)}</Fact>
      {show.end && <Fact label="Ended">{formatDateTime(job.end_time)}</Fact>}
      {show.duration && <Fact label="Duration">{formatDuration(job.duration)}</Fact>}
      {show.pausedAt && <Fact label="Paused at">{formatDateTime(job.paused_at)}</Fact>}
      {show.size && <Fact label="Size">{formatBytes(job.backup_size)}</Fact>}
      {show.progress && (
        <Stack gap={4}>
          <Fact label="Progress">{job.percentage_complete}%</Fact>
          <Progress value={job.percentage_complete} aria-label="Job progress" />
        </Stack>
      )}
      {show.pauseMessage && job.pause_message && (
        <Alert color="yellow" title="Paused">
          {job.pause_message}
        </Alert>
      )}
      {show.error && job.error_msg && (
        <Alert color="red" title="Error">
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Code block style={{ flex: 1, whiteSpace: 'pre-wrap' }} data-testid="job-error">
              {job.error_msg}
            </Code>
            <CopyAction value={job.error_msg} what="the error" look="icon" />
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
