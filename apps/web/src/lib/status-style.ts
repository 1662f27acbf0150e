/**
 * One color per status (docs/product.md §14.5): every appointment badge, the Time Slots list and
 * the week calendar's blocks take their colors from here, so 'booked' reads the same everywhere.
 * Text on each background is >= 4.5:1 (WCAG AA).
 */

/** Appointment and slot statuses as they are shown; `available` is a free slot. */
export type DisplayStatus =
  | 'available'
  | 'booked'
  | 'confirmed'
  | 'completed'
  | 'canceled'
  | 'no_show'
  | 'pending_payment'
  | 'expired';

/** Badge (pill) colors: background and text. */
export const STATUS_BADGE_STYLES: Record<DisplayStatus, string> = {
  available: 'bg-emerald-100 text-emerald-800',
  booked: 'bg-indigo-100 text-indigo-800',
  confirmed: 'bg-indigo-100 text-indigo-800',
  completed: 'bg-teal-100 text-teal-800',
  canceled: 'bg-red-100 text-red-800',
  no_show: 'bg-amber-100 text-amber-900',
  pending_payment: 'bg-orange-100 text-orange-900',
  expired: 'bg-slate-200 text-slate-700',
};

/** Block colors (border, background, text) for calendar blocks of the same statuses. */
export const STATUS_BLOCK_STYLES: Record<DisplayStatus, string> = {
  available: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  booked: 'border-indigo-300 bg-indigo-100 text-indigo-900',
  confirmed: 'border-indigo-300 bg-indigo-100 text-indigo-900',
  completed: 'border-teal-300 bg-teal-50 text-teal-900',
  canceled: 'border-red-300 bg-red-50 text-red-900',
  no_show: 'border-amber-300 bg-amber-50 text-amber-900',
  pending_payment: 'border-orange-300 bg-orange-50 text-orange-900',
  expired: 'border-slate-300 bg-slate-100 text-slate-700',
};

const NEUTRAL_BADGE = 'bg-slate-100 text-slate-700';

/** A stored status ('cancelled' is the same status as 'canceled') as its display status. */
export function displayStatus(status: string): DisplayStatus | null {
  const normalized = status === 'cancelled' ? 'canceled' : status;
  return normalized in STATUS_BADGE_STYLES ? (normalized as DisplayStatus) : null;
}

/** The badge classes of any stored status (neutral for one not listed). */
export function statusBadgeStyle(status: string): string {
  const known = displayStatus(status);
  return known ? STATUS_BADGE_STYLES[known] : NEUTRAL_BADGE;
}

/** A slot's status: booked or available. */
export function slotStatus(slot: { is_booked: boolean }): 'booked' | 'available' {
  return slot.is_booked ? 'booked' : 'available';
}

/** How a status reads ('no_show' → 'no-show', 'pending_payment' → 'pending payment'). */
export function statusLabel(status: string): string {
  const known = displayStatus(status) ?? status;
  if (known === 'no_show') return 'no-show';
  return known.replace(/_/g, ' ');
}
