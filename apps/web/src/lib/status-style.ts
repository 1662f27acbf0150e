import { msg } from '@slotwise/shared/locales';
/**
 * One color per status (docs/product.md §14.5): every appointment badge, the Time Slots list and
 * the week calendar's blocks take their colors from here, so 'booked' reads the same everywhere.
 * Booked is green and canceled red because SPEC's weekly chart draws them so (rescheduled
 * amber); free time is blue. Text on each background is >= 4.5:1 (WCAG AA).
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
  available: 'bg-sky-100 text-sky-900',
  booked: 'bg-emerald-100 text-emerald-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  completed: 'bg-slate-200 text-slate-800',
  canceled: 'bg-red-100 text-red-800',
  no_show: 'bg-orange-100 text-orange-900',
  pending_payment: 'bg-violet-100 text-violet-900',
  expired: 'bg-slate-100 text-slate-700',
};

/** Block colors (border, background, text) for calendar blocks of the same statuses. */
export const STATUS_BLOCK_STYLES: Record<DisplayStatus, string> = {
  available: 'border-sky-300 bg-sky-50 text-sky-900',
  booked: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  confirmed: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  completed: 'border-slate-300 bg-slate-100 text-slate-800',
  canceled: 'border-red-300 bg-red-50 text-red-900',
  no_show: 'border-orange-300 bg-orange-50 text-orange-900',
  pending_payment: 'border-violet-300 bg-violet-50 text-violet-900',
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

/**
 * How each status reads, a message key translated where shown (`t(statusLabel(status))`);
 * docs/decisions/068-payments.md: the slot is held while the client pays ('awaiting payment').
 */
const STATUS_LABELS: Record<DisplayStatus, string> = {
  available: msg('available'),
  booked: msg('booked'),
  confirmed: msg('confirmed'),
  completed: msg('completed'),
  canceled: msg('canceled'),
  no_show: msg('no-show'),
  pending_payment: msg('awaiting payment'),
  expired: msg('expired'),
};

/** How a status reads ('no_show' → 'no-show', 'pending_payment' → 'awaiting payment'). */
export function statusLabel(status: string): string {
  const known = displayStatus(status);
  return known ? STATUS_LABELS[known] : status.replace(/_/g, ' ');
}
