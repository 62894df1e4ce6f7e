import { Alert, Button, Group, Stack } from '@mantine/core';
import { FailoverProgress } from './FailoverProgress';
import type { Followed } from './useFollowOffice';

/**
 * What createFailover and createRunbookFailover show once the office was asked for: the approval
 * wait or the progress, a read error if the status could not be fetched, and Close (the office
 * keeps starting without the wizard; issue 16.4). The caller says which error text applies.
 */
export function FollowingOffice({
  approvalUntil,
  follow,
  error,
  close,
}: {
  approvalUntil: number | null;
  follow: Followed;
  /** The sentence to show under the progress, or null for none. */
  error: string | null;
  close: () => void;
}) {
  return (
    <Stack gap="md">
      <FailoverProgress
        approvalUntil={follow.outcome === 'approval' || follow.outcome === null ? approvalUntil : null}
        percent={follow.percent}
        step={follow.step}
      />
      {error !== null && (
        <Alert color="red" title="The office's state could not be read">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
