import { formatInstantWhen, formatRelativeTime } from '../../../lib/date-time-format';

/** When a notification came: relative ('5 minutes ago'), the exact time as its tooltip. */
export function NotificationTime({ at, className }: { at: string; className: string }) {
  return (
    <time dateTime={at} title={formatInstantWhen(at)} className={className}>
      {formatRelativeTime(at)}
    </time>
  );
}
