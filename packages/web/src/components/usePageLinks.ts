import { type Tab, visibleTabs } from '@lifeboat/contract';
import {
  type AppRoutePattern,
  canOpenRoute,
  friendlyPath,
  landingPath,
  TAB_LABELS,
} from '../routes/tabPaths';
import { useCurrentUser } from '../session/session';

/** A link a page offers: where it goes and what it says. */
export interface PageLink {
  to: string;
  label: string;
}

/** Links a page may offer, limited to the tabs the signed-in user can open. */
export function usePageLinks() {
  const user = useCurrentUser();
  const visible = visibleTabs(user);
  return {
    user,
    visible,
    home: { to: landingPath(user), label: 'Go to your home page' } satisfies PageLink,
    tab(tab: Tab, label?: string): PageLink | null {
      if (!visible.includes(tab)) return null;
      return { to: friendlyPath(tab), label: label ?? `Go to ${TAB_LABELS[tab].toLowerCase()}` };
    },
    /** A link to a page that belongs to a tab, offered only when the user sees that tab. */
    page(tab: Tab, to: string, label: string): PageLink | null {
      return visible.includes(tab) ? { to, label } : null;
    },
  };
}

/**
 * Whether the signed-in user can open a page of the app: a link to a page the user cannot open
 * would end on "No access" (issue 18.8), so such names are shown as text instead.
 */
export function useCanOpen(): (pattern: AppRoutePattern) => boolean {
  const user = useCurrentUser();
  const visible = visibleTabs(user);
  return (pattern) => canOpenRoute(pattern, visible);
}
