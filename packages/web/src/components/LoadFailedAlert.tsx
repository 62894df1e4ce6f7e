import { Alert, Button } from '@mantine/core';

/** A list or page that could not be loaded: what failed, the server's sentence and a way to try again. */
export function LoadFailedAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title}>
      {error.message}
      <Button size="xs" mt="sm" variant="light" color="red" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
