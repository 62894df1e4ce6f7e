import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AppRoutePattern } from '../routes/tabPaths';
import { useCanOpen } from './usePageLinks';

interface PageNameProps {
  to: string;
  /** The page's route: the name is a link only when the signed-in user can open it. */
  pattern: AppRoutePattern;
  size: 'xs' | 'sm';
  fw?: number;
  children: ReactNode;
}

/**
 * The name of something that has a page: a link where the user can open that page, plain text
 * where the link would end on "No access" (issue 18.8: a client user sees its vaults' names but
 * vault pages are the reseller's).
 */
export function PageName({ to, pattern, size, fw, children }: PageNameProps) {
  const canOpen = useCanOpen();
  return canOpen(pattern) ? (
    <Anchor component={Link} to={to} size={size} fw={fw}>
      {children}
    </Anchor>
  ) : (
    <Text size={size} fw={fw}>
      {children}
    </Text>
  );
}
