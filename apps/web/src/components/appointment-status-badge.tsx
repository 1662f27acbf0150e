const STYLES: Record<string, string> = {
  booked: 'bg-indigo-100 text-indigo-800',
  confirmed: 'bg-indigo-100 text-indigo-800',
  completed: 'bg-emerald-100 text-emerald-800',
  canceled: 'bg-red-100 text-red-800',
  cancelled: 'bg-red-100 text-red-800',
  no_show: 'bg-amber-100 text-amber-900',
};

/** Statuses whose stored spelling is not how they read. */
const LABELS: Record<string, string> = { no_show: 'no-show' };

/** An appointment's status (docs/product.md §4 values, both spellings of canceled) as a coloured badge. */
export function AppointmentStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${
        STYLES[status] ?? 'bg-slate-100 text-slate-700'
      }`}
    >
      <span className="sr-only">Status: </span>
      {LABELS[status] ?? status}
    </span>
  );
}
