import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { EMAIL_MESSAGES } from '@slotwise/shared/email-schemas';
import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { controlClass } from '../../../components/control-class';
import { LoadFailed } from '../../../components/load-failed';
import { failureMessage } from '../../../lib/failure-message';
import { useCalendarFeedUrl } from '../api/get-calendar-feed-url';
import { useResetCalendarFeedUrl } from '../api/reset-calendar-feed-url';

const FEED_HELP = msg(
  'Subscribe to this private link in Google, Apple or Outlook Calendar to see your upcoming appointments there. Anyone with the link can see them: reset it if it leaks.',
);

const BUTTON =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/**
 * The secret calendar feed (GET /calendar/feed-url): the URL to subscribe to in Google, Apple or
 * Outlook calendars, a Copy button, and Reset (POST /calendar/feed-url/reset) for a leaked link.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const feed = useCalendarFeedUrl();
  const reset = useResetCalendarFeedUrl();
  const [confirming, setConfirming] = useState(false);
  const [copyStatus, setCopyStatus] = useState('');

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyStatus(t('Link copied to the clipboard.'));
    } catch {
      inputRef.current?.select();
      setCopyStatus(t('Copying failed: the link is selected, copy it with Ctrl+C (⌘C on a Mac).'));
    }
  };

  const confirmReset = () => {
    reset.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        setCopyStatus('');
        toast.success(data.message ?? t(EMAIL_MESSAGES.feedUrlReset));
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(failureMessage(error, msg('Failed to reset the calendar link')));
      },
    });
  };

  return (
    <CardSection titleId={headingId} title={t('Calendar feed')} description={t(FEED_HELP)}>
      {feed.data ? (
        <div className="mt-4">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {t('Calendar feed URL')}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              readOnly
              value={feed.data}
              onFocus={(event) => event.target.select()}
              className={`${controlClass().replace('mt-1 ', '')} min-w-0 flex-1 font-mono text-xs`}
            />
            <div className="flex gap-2">
              <button type="button" className={BUTTON} onClick={() => void copy(feed.data)}>
                {t('Copy')}
              </button>
              <button
                type="button"
                className={BUTTON}
                onClick={() => setConfirming(true)}
                disabled={reset.isPending}
              >
                {t('Reset')}
              </button>
            </div>
          </div>
          <p role="status" className="mt-2 text-sm text-slate-700">
            {copyStatus}
          </p>
        </div>
      ) : feed.isError ? (
        <div className="mt-4">
          <LoadFailed onRetry={() => void feed.refetch()}>
            {t('Failed to load the calendar link')}
          </LoadFailed>
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('Loading calendar link...')}
        </p>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('Reset calendar link')}
          question={t(
            'Calendars subscribed to the current link stop updating. You will need to subscribe to the new link.',
          )}
          keepLabel={t('Keep current link')}
          confirmLabel={t('Reset link')}
          busyLabel={t('Resetting...')}
          busy={reset.isPending}
          onConfirm={confirmReset}
          onClose={() => setConfirming(false)}
        >
          {null}
        </ConfirmDialog>
      ) : null}
    </CardSection>
  );
}
