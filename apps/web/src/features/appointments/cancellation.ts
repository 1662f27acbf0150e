/** "Tue 14:00": an instant in the viewer's zone, weekday and 24-hour time. */
export function formatCutoff(iso: string): string {
  const date = new Date(iso);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'short' });
  const time = date.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${weekday} ${time}`;
}

/** What the client's card says about free cancellation, and whether the cut-off has passed. */
export function cancellationState(cancellableUntil: string | null | undefined, now = Date.now()) {
  if (!cancellableUntil) return { passed: false, text: null };
  const passed = now > Date.parse(cancellableUntil);
  const when = formatCutoff(cancellableUntil);
  return passed
    ? {
        passed,
        text: `Free cancellation ended ${when}: contact the provider to cancel or reschedule`,
      }
    : { passed, text: `Free cancellation until ${when}` };
}
