import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { errorText } from './errors';
import { OUTDATED_TEXT } from './JobDetailsModal';
import { JobDetailsView } from './JobDetailsView';
import { useJobDetails } from './useJobDetails';

/** A job run as a page (/job/details/{id}): the details of spec 4 'Job status', as in the modal. */
export function JobDetailsPage({ jobId }: { jobId: number }) {
  const q = useJobDetails({ machineId: 0, documentId: jobId, inProgress: false });
  const job = q.data?.data;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        eyebrow="Job"
        title={job ? `${job.type_label} of ${job.machine_name}` : `Job ${jobId}`}
        subtitle={
          job ? (
            <Anchor component={Link} to={`/device/details/${job.machine_id}`} size="sm">
              Back to {job.machine_name}
            </Anchor>
          ) : undefined
        }
      />
      <Paper withBorder p="md" radius="md">
        {q.isPending && (
          <Stack gap={8} aria-label="Loading">
            <Skeleton height={20} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        )}
        {q.isError && (
          <Stack gap="md">
            <Alert color="red" title="Could not load the job details">
              {q.error instanceof ApiError && q.error.status === 404 ? OUTDATED_TEXT : errorText(q.error)}
            </Alert>
            <Group>
              <Button onClick={() => void q.refetch()}>Try again</Button>
            </Group>
          </Stack>
        )}
        {job && <JobDetailsView job={job} />}
      </Paper>
    </Stack>
  );
}
