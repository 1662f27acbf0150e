/**
 * A formatter for calendar dates ('YYYY-MM-DD'): read and formatted in UTC, so no time zone
 * shifts the day.
 */
export function calendarDayFormatter(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (day: string) => string {
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}
