import { Notifications } from '@mantine/notifications';

/** The toasts' container (loaded by LazyNotifications). */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
