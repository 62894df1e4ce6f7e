import { Button, Center, EmptyState, Group } from '@mantine/core';
import { useRouteError } from 'react-router';
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

/**
 * Errors thrown while rendering a route. Inside the shell (`inShell`) only the page is replaced,
 * so the tabs stay usable; at the root it is the last resort.
 */
export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  return (
    <Center mih={inShell ? 320 : '100dvh'} p="md">
      <EmptyState
        icon={<IconAlert />}
        variant="light"
        color="red"
        title="Something went wrong"
        description={describe(error)}
      >
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
