import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useUnreadMessageCount } from '../api/get-unread-message-count';

/**
 * The number of unread messages as a small pill (nothing when none), for the links to
 * /messages. Its text reads "3 unread messages" to screen readers.
 */
export function UnreadMessagesBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadMessageCount();
  if (unread <= 0) return null;
  return (
    <span
      data-testid="unread-messages-badge"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white ${className}`}
    >
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t('{{count}} unread messages', { count: unread })}</span>
    </span>
  );
}

/** The client header's link to /messages, with the unread count. */
export function MessagesHeaderLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/messages"
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {t('Messages')}
      <UnreadMessagesBadge />
    </Link>
  );
}
