import { Button, Center, EmptyState } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { LoginState } from '../auth/loginState';
import { IconAlert } from '../components/icons';
import { PageLoader } from '../components/PageLoader';
import { sessionExitReason, useSession } from './session';

/** Lets signed-in users through; sends everyone else to the login page and back afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.isError) {
    return (
      <Center mih="100dvh" p="md">
        <EmptyState
          icon={<IconAlert />}
          variant="light"
          color="red"
          title="Lifeboat cannot reach its server"
          description={session.error.message}
        >
          <EmptyState.Actions>
            <Button onClick={() => void session.refetch()} loading={session.isFetching}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }
  if (!session.data) {
    // After signing out, the next user starts from their own home page, not this one.
    const reason = sessionExitReason();
    const from = reason === 'signed-out' ? undefined : `${location.pathname}${location.search}`;
    const state: LoginState = { from, reason };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
