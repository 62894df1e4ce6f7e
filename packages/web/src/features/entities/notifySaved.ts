import { notifications } from '@mantine/notifications';

/** A success message after a save or delete, gone after 5 s (spec: inventory 9 'flag message timeout'). */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 5000 });
}
