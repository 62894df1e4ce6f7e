import { type SessionUser, visibleTabs } from '@lifeboat/contract';
import type { QueryClient } from '@tanstack/react-query';
import { readLoginState } from '../auth/loginState';
import { prefetchOwnDashboard } from '../features/dashboard/dashboardApi';

// The way from Sign in to the first page (spec dashboard-device-azure 2.2, the reseller
// dashboard): the app's code, the page's code and the page's data are fetched side by side
// instead of one after the other, each as early as what it needs is known.

/**
 * The shell and the tab route's code: needed by every signed-in user, asked for while the user
 * signs in (the sign-in page itself stays within its JavaScript budget: nothing loads before
 * the form is used).
 */
export function preloadShell(): void {
  void import('../shell/AppLayout');
  void import('./TabRoute');
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
  if (readLoginState(routerState).from !== undefined) return;
  if (!landsOnOwnDashboard(user)) return;
  // The data first: on the large fleet its calls are the longer way, and asking for the
  // page's 30-odd chunks first delays them on a busy browser.
  prefetchOwnDashboard(client, user.organisationId);
  void import('../features/dashboard/ResellerDashboardPage');
}
