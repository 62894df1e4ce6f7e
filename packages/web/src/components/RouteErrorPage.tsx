import { Button, Center, EmptyState, Group } from '@mantine/core';
import { IconAlert } from './icons';
import { usePageTitle } from './usePageTitle';

function describe(error: unknown): string {
  // A failed dynamic import usually means a new version was deployed while this tab was open.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  ) {
    return 'A newer version of Lifeboat is available. Reload the page to continue.';
  }
  return 'Something went wrong while showing this page. Reload it, or go back to your home page.';
}

/** What RouteErrorBoundary shows for an error thrown while rendering a page: the last resort. */
export function RouteErrorPage({ error }: { error: unknown }) {
  usePageTitle('Something went wrong');
  return (
    <Center mih="100dvh" p="md">
      <EmptyState icon={<IconAlert />} variant="light" color="red">
        {/* The page's one h1: the error page replaces the whole console, its header included. */}
        <EmptyState.Title order={1}>Something went wrong</EmptyState.Title>
        <EmptyState.Description>{describe(error)}</EmptyState.Description>
        <EmptyState.Actions>
          <Group gap="sm" justify="center">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button component="a" href="/" variant="default">
              Go to your home page
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
