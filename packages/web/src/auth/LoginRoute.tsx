import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { landingPath } from '../routes/tabPaths';
import { useSession } from '../session/session';
import { readLoginState } from './loginState';

// Signed-in users never need the login page's code; signed-out users never need the shell's.
const LoginPage = lazy(() => import('./LoginPage').then((m) => ({ default: m.LoginPage })));

/** /login: the form, or straight on to where the user was going once a session exists. */
export function LoginRoute() {
  const session = useSession();
  const { from } = readLoginState(useLocation().state);

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.data) return <Navigate to={from ?? landingPath(session.data.user)} replace />;
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <LoginPage />
    </Suspense>
  );
}
