import { type SessionUser, visibleTabs } from '@lifeboat/contract';
import type { QueryClient } from '@tanstack/react-query';
import { readLoginState } from '../auth/loginState';
import { prefetchOwnDashboard } from '../features/dashboard/dashboardApi';

// The way from Sign in to the first page (spec dashboard-device-azure 2.2, the reseller
// dashboard): the app's code, the page's code and the page's data are fetched side by side
// instead of one after the other, each as early as what it needs is known.

/** Which landing page the last sign-in on this browser went to (a page's name, nothing more). */
const LANDING_HINT = 'lifeboat.landing';
type Landing = 'reseller-dashboard' | 'other';

function readHint(): Landing | null {
  try {
    const hint = window.localStorage.getItem(LANDING_HINT);
    return hint === 'reseller-dashboard' || hint === 'other' ? hint : null;
  } catch {
    return null;
  }
}

function writeHint(landing: Landing): void {
  try {
    window.localStorage.setItem(LANDING_HINT, landing);
  } catch {
    // Storage refused (private mode, quota): the next sign-in guesses again.
  }
}

/**
 * The shell's and the tab route's code, needed by every signed-in user, and the landing page's
 * code as the last sign-in on this browser had it (the reseller dashboard, the console's most
 * common landing, when none has been seen), asked for while the user signs in: the browser has
 * few connections to the console, and the sign-in's round trip leaves them idle. The sign-in
 * page itself stays within its JavaScript budget: nothing loads before the form is used.
 */
export function preloadShell(): void {
  void import('../shell/AppLayout');
  void import('./TabRoute');
  if ((readHint() ?? 'reseller-dashboard') === 'reseller-dashboard')
    void import('../features/dashboard/ResellerDashboardPage');
}

/** Whether the user lands on their own reseller dashboard (tabPaths' landingPath). */
function landsOnOwnDashboard(user: SessionUser): boolean {
  return user.organisationKind === 'reseller' && visibleTabs(user).includes('reseller-dashboard');
}

/**
 * With the sign-in's answer: the landing page's code, and its data into the query cache, both
 * at once. Only when the app goes on to the landing page (no other page waiting in the router
 * state, as a link opened while signed out leaves).
 */
export function prefetchLanding(client: QueryClient, user: SessionUser, routerState: unknown): void {
  const own = landsOnOwnDashboard(user);
  writeHint(own ? 'reseller-dashboard' : 'other');
  if (!own || readLoginState(routerState).from !== undefined) return;
  // The data first: on the large fleet its calls are the longer way, and asking for the
  // page's 30-odd chunks first delays them on a busy browser.
  prefetchOwnDashboard(client, user.organisationId);
  void import('../features/dashboard/ResellerDashboardPage');
}
