import {
  formatInstantDate,
  formatInstantTime,
  instantParts,
  localDateKey,
} from '../../lib/date-time-format';
import { translate } from '../../lib/i18n';

/** Dates and times of messages, in the viewer's own zone, through the shared formatters. */

/** `YYYY-MM-DD` of an instant in the viewer's zone (groups messages by day). */
export function localDayKey(iso: string): string {
  return instantParts(iso)?.day ?? localDateKey(new Date(iso));
}

export function formatMessageTime(iso: string): string {
  return formatInstantTime(iso);
}

/** 'Today', 'Yesterday', or the weekday and date: the heading of a day in a thread. */
export function formatDayHeading(iso: string, now: Date = new Date()): string {
  const key = localDayKey(iso);
  if (key === localDayKey(now.toISOString())) return translate('Today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === localDayKey(yesterday.toISOString())) return translate('Yesterday');
  return formatInstantDate(iso, undefined, now);
}

/** In the conversation list: the time for today's messages, else the date. */
export function formatListTime(iso: string, now: Date = new Date()): string {
  return localDayKey(iso) === localDayKey(now.toISOString())
    ? formatMessageTime(iso)
    : formatInstantDate(iso, undefined, now);
}

/** Consecutive messages (oldest first) grouped by the viewer's day. */
export function groupByDay<T extends { created_at: string }>(
  messages: T[],
): { day: string; first: string; messages: T[] }[] {
  const groups: { day: string; first: string; messages: T[] }[] = [];
  for (const message of messages) {
    const day = localDayKey(message.created_at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, first: message.created_at, messages: [message] });
  }
  return groups;
}
