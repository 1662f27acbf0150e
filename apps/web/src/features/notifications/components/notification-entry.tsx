import { useTranslation } from '../../../lib/i18n';
import type { NotificationItem } from '@slotwise/shared/realtime';
import type { ReactNode } from 'react';
import { NotificationTime } from './notification-time';

/** Where a 'waitlist_offer' notification leads: the client's offers (docs/product.md §17). */
export const WAITLIST_PATH = '/waitlist';

/** The bell's panel is denser than the /notifications page; the markup is otherwise one. */
const LOOKS = {
  panel: {
    hover: 'hover:bg-slate-50 focus-visible:bg-slate-50',
    title: 'block text-sm font-semibold break-words text-slate-900',
    message: 'block text-sm break-words text-slate-700',
    time: 'mt-0.5 block text-xs text-slate-600',
  },
  page: {
    hover: 'hover:bg-slate-50',
    title: 'font-semibold break-words text-slate-900',
    message: 'mt-0.5 block text-sm break-words text-slate-700',
    time: 'mt-1 block text-xs text-slate-600',
  },
} as const;

/** One notification as a button: unread dot, title (with its hidden "(unread)"), message, time. */
export function NotificationEntry({
  item,
  unread,
  look,
  badge,
  onClick,
}: {
  item: Pick<NotificationItem, 'title' | 'message' | 'created_at'>;
  unread: boolean;
  look: keyof typeof LOOKS;
  /** Shown after the title, the two wrapped together (the page's type label). */
  badge?: ReactNode;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const classes = LOOKS[look];
  const title = (
    <span className={classes.title}>
      {item.title}
      {unread ? <span className="sr-only"> {t('(unread)')}</span> : null}
    </span>
  );
  return (
    <button
      type="button"
      onClick={onClick}
      className={`flex w-full items-start gap-3 px-4 py-3 text-start ${classes.hover} focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
        unread ? 'bg-indigo-50/60' : ''
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        {badge ? (
          <span className="flex flex-wrap items-center gap-2">
            {title}
            {badge}
          </span>
        ) : (
          title
        )}{' '}
        <span className={classes.message}>{item.message}</span>{' '}
        <NotificationTime at={item.created_at} className={classes.time} />
      </span>
    </button>
  );
}
