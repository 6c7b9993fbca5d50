import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { formatNumber } from '@web/lib/format';
import { useUnreadCount } from '../api/notifications-api';

/** The shell's bell: the unread count on a link to the notifications list. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const label = unread > 0 ? `Notifications, ${formatNumber(unread)} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex size-9 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:size-10"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
