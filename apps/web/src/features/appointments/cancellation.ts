import { formatInstantWhen } from '../../lib/date-time-format';
import { translate } from '../../lib/i18n';

/** What the client's card says about free cancellation, and whether the cut-off has passed. */
export function cancellationState(cancellableUntil: string | null | undefined, now = Date.now()) {
  if (!cancellableUntil) return { passed: false, text: null };
  const passed = now > Date.parse(cancellableUntil);
  // An instant in the viewer's own zone: 'Today 14:00', 'Tue, Nov 24, 14:00'.
  const when = formatInstantWhen(cancellableUntil, undefined, new Date(now));
  return passed
    ? {
        passed,
        text: translate(
          'Free cancellation ended {{when}}: contact the provider to cancel or reschedule',
          { when },
        ),
      }
    : { passed, text: translate('Free cancellation until {{when}}', { when }) };
}
