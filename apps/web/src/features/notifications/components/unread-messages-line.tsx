import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useUnreadMessageCount } from '../../messages/api/get-unread-message-count';

/**
 * 'You have 2 unread messages' linking to /messages: a message waiting unread shows on the
 * Notifications page too (docs/product.md §14.4); nothing while there is none.
 */
export function UnreadMessagesLine() {
  const { t } = useTranslation();
  const unread = useUnreadMessageCount();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  return (
    <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-slate-800">
      <span>
        <span
          aria-hidden="true"
          className="me-2 inline-block size-2 rounded-full bg-indigo-600 align-middle"
        />
        {t('You have {{count}} unread messages', { count })}
      </span>
      <Link
        to="/messages"
        className="rounded-md font-semibold text-indigo-700 hover:text-indigo-900 hover:underline"
      >
        {t('Open messages')}
      </Link>
    </p>
  );
}
