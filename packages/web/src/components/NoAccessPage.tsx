import { IconLock } from './icons';
import { StatePage } from './StatePage';
import { usePageLinks } from './usePageLinks';

/** Shown for a tab or page the user's level does not include (the server also refuses the data). */
export function NoAccessPage() {
  const { home } = usePageLinks();
  return (
    <StatePage
      title="No access"
      heading="You don't have access to this page"
      description="Your account cannot open this part of Lifeboat. If you need it, ask an administrator of your organisation."
      icon={<IconLock />}
      color="orange"
      homePath={home.to}
    />
  );
}
