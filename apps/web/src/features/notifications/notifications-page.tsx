import { useTranslation } from '../../lib/i18n';
import type { NotificationItem } from '@slotwise/shared/realtime';
import { useNavigate, useSearchParams } from 'react-router';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationPage } from './api/get-notifications';
import { useUnreadNotifications } from './api/get-unread-notifications';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { LoadFailed } from '../../components/load-failed';
import { PageSection } from '../../components/page-section';
import { NotificationEntry, WAITLIST_PATH } from './components/notification-entry';
import { UnreadMessagesLine } from './components/unread-messages-line';
import { msg } from '@slotwise/shared/locales';

const TYPE_LABEL: Record<NotificationItem['type'], string> = {
  new: msg('New'),
  canceled: msg('Canceled'),
  rescheduled: msg('Rescheduled'),
  review: msg('Review'),
  reminder: msg('Reminder'),
  waitlist_offer: msg('Waitlist'),
  calendar_sync: msg('Calendar'),
  provider_suspended: msg('Suspended'),
};

const TYPE_STYLE: Record<NotificationItem['type'], string> = {
  new: 'bg-emerald-100 text-emerald-800',
  canceled: 'bg-red-100 text-red-800',
  rescheduled: 'bg-amber-100 text-amber-800',
  review: 'bg-sky-100 text-sky-800',
  reminder: 'bg-violet-100 text-violet-800',
  waitlist_offer: 'bg-teal-100 text-teal-800',
  calendar_sync: 'bg-orange-100 text-orange-800',
  provider_suspended: 'bg-red-100 text-red-800',
};

/** What the empty page promises (docs/product.md §14.4). */
const NOTIFICATIONS_EMPTY_TEXT = msg('Booking changes, reminders and messages will show up here.');

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * 'View all notifications' (/notifications, inside the user's own area): every notification,
 * read or not, newest first, 20 a page; the page number lives in the URL (`?page=2`).
 * A click on an unread one marks it read, like in the bell. Reminders are stored ones of type
 * 'reminder'; unread messages show as one line to /messages above the list (docs/product.md §14.4).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = pageFrom(params);
  const query = useNotificationPage(page);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  // Unread ones may sit on other pages too: the bell's count covers them all.
  const unread = useUnreadNotifications();

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const items = query.data?.notifications ?? [];
  const anyUnread = (unread.data?.unreadCount ?? 0) > 0 || items.some((item) => !item.read);

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
  };

  return (
    <PageSection
      titleId="notifications-title"
      title={t('Notifications')}
      width="max-w-3xl"
      actions={
        <button
          type="button"
          onClick={() => markAllRead.mutate()}
          disabled={!anyUnread}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('Mark all as read')}
        </button>
      }
    >
      <UnreadMessagesLine />
      <div className="mt-6">
        {query.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t('Loading notifications...')}
          </p>
        ) : query.isError ? (
          <LoadFailed onRetry={() => void query.refetch()}>
            {t('Failed to load notifications: {{reason}}', { reason: query.error.message })}
          </LoadFailed>
        ) : items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center">
            <p className="font-semibold text-slate-800">{t('No notifications')}</p>
            <p className="mt-1 text-sm text-slate-600">{t(NOTIFICATIONS_EMPTY_TEXT)}</p>
          </div>
        ) : (
          <ul
            aria-label={t('All notifications')}
            className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            {items.map((item) => (
              <li key={item.id}>
                <NotificationEntry
                  item={item}
                  unread={!item.read}
                  look="page"
                  badge={
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_STYLE[item.type]}`}
                    >
                      {t(TYPE_LABEL[item.type])}
                    </span>
                  }
                  onClick={() => {
                    if (!item.read) markRead.mutate(item.id);
                    // An offer's notification opens the offer (docs/product.md §17).
                    if (item.type === 'waitlist_offer') void navigate(WAITLIST_PATH);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {total > NOTIFICATIONS_PAGE_SIZE ? (
        <nav
          aria-label={t('Notification pages')}
          className="mt-4 flex items-center justify-between gap-2 text-sm"
        >
          <button
            type="button"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('Previous')}
          </button>
          <p aria-live="polite" className="text-slate-600">
            {t('Page {{page}} of {{pageCount}}', { page, pageCount })}
          </p>
          <button
            type="button"
            onClick={() => goTo(page + 1)}
            disabled={page >= pageCount}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('Next')}
          </button>
        </nav>
      ) : null}
    </PageSection>
  );
}
