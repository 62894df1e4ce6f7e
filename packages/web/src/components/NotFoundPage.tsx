import { Code } from '@mantine/core';
import { useLocation } from 'react-router';
import { IconCompass } from './icons';
import { StatePage } from './StatePage';
import { usePageLinks } from './usePageLinks';

export function NotFoundPage() {
  const { home } = usePageLinks();
  const { pathname } = useLocation();
  return (
    <StatePage
      title="Page not found"
      heading="There is no page at this address"
      description={
        <>
          Lifeboat has no page at <Code>{pathname}</Code>. The link may be old or mistyped.
        </>
      }
      icon={<IconCompass />}
      color="gray"
      homePath={home.to}
    />
  );
}
