import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const NotificationsHost = lazy(() =>
  import('./NotificationsHost').then((m) => ({ default: m.NotificationsHost })),
);

/**
 * The toasts' container, loaded with the first click or key press (a toast answers something the
 * person did) or, failing that, with the first toast: a page opens without it (issue 18 point 19).
 * `notifications.show()` only writes to Mantine's store, which the container reads once mounted,
 * so no toast is lost; mounted before the toast, it slides in as before.
 */
export function LazyNotifications() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', want, options);
    window.addEventListener('keydown', want, options);
    return () => {
      window.removeEventListener('pointerdown', want, options);
      window.removeEventListener('keydown', want, options);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
