import { useTranslation } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/date-time-format';

interface StatCardProps {
  label: string;
  /** The figure as shown, unit included ('38 min', '66.7%'). */
  value: string;
  /** Change against yesterday in percent; nothing is shown when it is 0 (docs/product.md §2). */
  change: number;
  /** What the figure counts, in a line under it. */
  caption?: string;
}

/** One of the dashboard's three stat cards. */
export function StatCard({ label, value, change, caption }: StatCardProps) {
  const { t } = useTranslation();
  const up = change > 0;
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
      {caption ? <p className="mt-1 text-xs text-slate-600">{caption}</p> : null}
      {change !== 0 ? (
        <p
          className={`mt-2 flex items-center gap-1 text-sm font-medium ${
            up ? 'text-emerald-700' : 'text-red-700'
          }`}
        >
          <svg
            role="img"
            aria-label={up ? t('Up') : t('Down')}
            viewBox="0 0 20 20"
            className="size-4"
            fill="currentColor"
          >
            {up ? (
              <path d="M10 3.5 16 10h-4v6.5H8V10H4l6-6.5Z" />
            ) : (
              <path d="M10 16.5 4 10h4V3.5h4V10h4l-6 6.5Z" />
            )}
          </svg>
          <span>
            {t('{{percent}}% from yesterday', { percent: formatNumber(Math.abs(change)) })}
          </span>
        </p>
      ) : null}
    </article>
  );
}
