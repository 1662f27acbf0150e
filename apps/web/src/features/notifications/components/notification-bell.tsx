import { useTranslation } from '../../../lib/i18n';
import type { NotificationItem } from '@slotwise/shared/realtime';
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { OutlineIcon } from '../../../components/outline-icon';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { NotificationEntry, WAITLIST_PATH } from './notification-entry';
import { PushOptIn } from './push-opt-in';

/** docs/product.md §9: the badge shows the unread count up to 9, then '9+'. */
function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

interface NotificationBellProps {
  /**
   * docs/product.md §4: when the unread notifications the user has seen become read besides a click on one
   * or 'Mark all as read': when the dropdown is closed (provider) or opened (client).
   */
  markReadOn: 'close' | 'open';
}

function newestFirst(a: NotificationItem, b: NotificationItem): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/**
 * The header's notification bell (docs/product.md §2): a badge with the unread count, and a dropdown
 * 'Notifications (n)' listing the unread notifications, newest first, with 'Mark all as read'
 * and a link to every notification. Live notifications (socket events, see
 * app/realtime-provider.tsx) land on top of the list through the query cache.
 *
 * Notifications read while the dropdown is open stay listed (shown as read) until it closes,
 * so nothing vanishes under the pointer.
 */
export function NotificationBell({ markReadOn }: NotificationBellProps) {
  const { t } = useTranslation();
  const unread = useUnreadNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const [readWhileOpen, setReadWhileOpen] = useState<NotificationItem[]>([]);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const navigate = useNavigate();

  // A failed fetch is logged only (docs/product.md §8): the bell then shows nothing unread.
  const unreadItems = unread.data?.unreadNotifications ?? [];
  const count = unread.data?.unreadCount ?? 0;
  const unreadIds = new Set(unreadItems.map((item) => item.id));
  const items = [...unreadItems, ...readWhileOpen.filter((item) => !unreadIds.has(item.id))].sort(
    newestFirst,
  );

  /** Marks what the user has seen as read, keeping it listed until the dropdown closes. */
  const markSeen = (seen: NotificationItem[]) => {
    if (seen.length === 0) return;
    setReadWhileOpen((previous) => [
      ...previous,
      ...seen.map((item) => ({ ...item, read: true, is_read: true })),
    ]);
    // Everything unread is on screen: one request. Otherwise exactly the ones shown.
    if (seen.length >= count) markAllRead.mutate();
    else markRead.mutate(seen.map((item) => item.id));
  };

  const openPanel = () => {
    setOpen(true);
    if (markReadOn === 'open') markSeen(unreadItems);
  };

  const closePanel = (returnFocus: boolean) => {
    setOpen(false);
    setReadWhileOpen([]);
    if (markReadOn === 'close') markSeen(unreadItems);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onItemClick = (item: NotificationItem) => {
    if (unreadIds.has(item.id)) {
      setReadWhileOpen((previous) => [...previous, { ...item, read: true, is_read: true }]);
      markRead.mutate(item.id);
    }
    // A time held for the client: its offer is on /waitlist (docs/decisions/069-waitlist.md).
    if (item.type === 'waitlist_offer') {
      closePanel(false);
      void navigate(WAITLIST_PATH);
    }
  };

  const onMarkAll = () => {
    setReadWhileOpen((previous) => [
      ...previous,
      ...unreadItems.map((item) => ({ ...item, read: true, is_read: true })),
    ]);
    markAllRead.mutate();
  };

  // A press anywhere outside closes the dropdown (focus stays where the user put it).
  const onOutsidePress = useEffectEvent((event: PointerEvent) => {
    if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
    closePanel(false);
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: PointerEvent) => onOutsidePress(event);
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    closePanel(true);
  };

  // Tabbing out of the dropdown closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!open) return;
    const next = event.relatedTarget;
    if (next instanceof Node && !containerRef.current?.contains(next)) closePanel(false);
  };

  return (
    <div ref={containerRef} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('Notifications ({{count}} unread)', { count })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? closePanel(false) : openPanel())}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <OutlineIcon strokeWidth={1.8}>
          <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
        </OutlineIcon>
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -end-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
          >
            {badgeText(count)}
          </span>
        ) : null}
      </button>

      <div
        id={panelId}
        role="region"
        aria-labelledby={headingId}
        hidden={!open}
        className="fixed inset-x-2 top-16 z-40 flex max-h-[75vh] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:end-0 sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {t('Notifications ({{count}})', { count })}
          </h2>
          <button
            type="button"
            onClick={onMarkAll}
            disabled={count === 0}
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
          >
            {t('Mark all as read')}
          </button>
        </div>
        {unread.isPending && unread.fetchStatus !== 'idle' ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
            {t('Loading notifications...')}
          </p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">{t('No notifications')}</p>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-slate-100 overflow-y-auto">
            {items.map((item) => {
              const isUnread = unreadIds.has(item.id);
              return (
                <li key={item.id}>
                  <NotificationEntry
                    item={item}
                    unread={isUnread}
                    look="panel"
                    onClick={() => onItemClick(item)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-2 text-center">
          {/* docs/product.md §20.2: push on this device, asked for here (or in Settings) only. */}
          {open ? <PushOptIn /> : null}
          <Link
            to="/notifications"
            onClick={() => closePanel(false)}
            className="text-sm font-medium text-indigo-700 hover:underline"
          >
            {t('View all notifications')}
          </Link>
        </div>
      </div>
    </div>
  );
}
