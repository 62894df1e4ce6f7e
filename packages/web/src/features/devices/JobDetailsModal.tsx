import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { JobDetailsView } from './JobDetailsView';
import { useJobDetails } from './useJobDetails';

interface Props {
  /** The run to show, or null when closed. */
  job: { machineId: number; documentId: number; inProgress: boolean } | null;
  onClose: () => void;
  /** Load failure: refresh closes the modal and reloads the table (spec 4). */
  onRefresh: () => void;
}

export const OUTDATED_TEXT =
  'These job details are outdated or no longer available. Refresh the job history to see the latest runs.';

/** Job details modal (spec 2.4 and 4 'Job status', 8 'Job details modal load failure'). */
export function JobDetailsModal({ job, onClose, onRefresh }: Props) {
  const q = useJobDetails(job);
  return (
    <Modal opened={job !== null} onClose={onClose} title="Job details" size="lg">
      {q.isPending && job && (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading the job details" />
        </Group>
      )}
      {q.isError && (
        <Stack gap="md">
          <Alert color="red" title="Could not load the job details">
            <Text size="sm">{OUTDATED_TEXT}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onRefresh}>Refresh</Button>
          </Group>
        </Stack>
      )}
      {q.data && (
        <Stack gap="md">
          <JobDetailsView job={q.data.data} onNavigate={onClose} />
          <Group justify="flex-end">
            <Anchor
              component={Link}
              to={`/job/details/${q.data.data.document_id}`}
              onClick={onClose}
              size="sm"
            >
              Open as a page
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
