import { useParams } from 'react-router';
import { NoAccessPage } from '../components/NoAccessPage';
import { useCanOpen } from '../components/usePageLinks';
import { ROUTE_PAGES } from './routePages';
import type { AppRoutePattern } from './tabPaths';

/** A page route: its page if one of its tabs is the user's, the no-access state otherwise. */
export function AppRoute({ pattern }: { pattern: AppRoutePattern }) {
  const canOpen = useCanOpen();
  const params = useParams();
  if (!canOpen(pattern)) return <NoAccessPage />;
  return ROUTE_PAGES[pattern](params);
}
