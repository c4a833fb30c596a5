import { useNotificationsLive } from './use-notifications-live';

/**
 * Keeps the notifications live from the logged-in layout (ADR 0030). A component of its own so the
 * layout loads it after its first render: the stream and its token are not needed to draw the screen.
 */
export default function NotificationsLive() {
  useNotificationsLive();
  return null;
}
