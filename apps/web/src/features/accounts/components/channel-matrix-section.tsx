import { useTranslation } from '../../../lib/i18n';
import type { NotificationPreferences } from '@slotwise/shared/email-schemas';
import {
  NOTIFY_CHANNELS,
  NOTIFY_EVENTS,
  type NotifyChannel,
  type NotifyEvent,
} from '@slotwise/shared/phones-schemas';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_EVENT_LABELS,
  PHONE_UI_TEXTS,
} from '@slotwise/shared/phones-texts';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { LoadFailed } from '../../../components/load-failed';
import { failureMessage } from '../../../lib/failure-message';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

/** An SMS cell can be turned on once a number is confirmed; one that is on can always go off. */
function cellDisabled(
  preferences: NotificationPreferences,
  event: NotifyEvent,
  channel: NotifyChannel,
) {
  return channel === 'sms' && !preferences.sms_ready && !preferences.channels[event].sms;
}

/**
 * The preferences matrix (docs/product.md §20.4): a switch for each event × channel, saved on
 * change (PATCH with that one cell). The Email column is SPEC's two mail settings too, so the
 * switches above it follow.
 */
export function ChannelMatrixSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const change = (event: NotifyEvent, channel: NotifyChannel, value: boolean) => {
    update.mutate(
      { channels: { [event]: { [channel]: value } } },
      {
        onSuccess: (data) => {
          if (data.message) toast.success(data.message, { toastId: 'preferences-saved' });
        },
        onError: (error) => {
          toast.error(failureMessage(error, PHONE_UI_TEXTS.matrixSaveFailed));
        },
      },
    );
  };

  const data = preferences.data;
  return (
    <CardSection
      titleId={headingId}
      title={t(PHONE_UI_TEXTS.matrixTitle)}
      description={t(PHONE_UI_TEXTS.matrixDescription)}
    >
      {data ? (
        <>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-start text-sm" aria-labelledby={headingId}>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pe-3 font-medium">
                    <span className="sr-only">{t('Notification')}</span>
                  </th>
                  {NOTIFY_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="px-3 py-2 text-center font-medium">
                      {t(NOTIFY_CHANNEL_LABELS[channel])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {NOTIFY_EVENTS.map((event) => (
                  <tr key={event} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-2 pe-3 font-medium text-slate-900">
                      {t(NOTIFY_EVENT_LABELS[event])}
                    </th>
                    {NOTIFY_CHANNELS.map((channel) => (
                      <td key={channel} className="px-3 py-2 text-center">
                        <input
                          type="checkbox"
                          role="switch"
                          aria-label={t(PHONE_UI_TEXTS.channelSwitch, {
                            event: t(NOTIFY_EVENT_LABELS[event]),
                            channel: t(NOTIFY_CHANNEL_LABELS[channel]),
                          })}
                          checked={data.channels[event][channel]}
                          disabled={update.isPending || cellDisabled(data, event, channel)}
                          onChange={(e) => change(event, channel, e.target.checked)}
                          className="size-5 accent-indigo-600 disabled:opacity-40"
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-3 space-y-1 text-sm text-slate-600">
            <li>
              {data.push_devices === 0
                ? t(PHONE_UI_TEXTS.pushDevicesNone)
                : t(PHONE_UI_TEXTS.pushDevicesSome, { count: data.push_devices })}
            </li>
            {data.sms_ready ? null : <li>{t(PHONE_UI_TEXTS.smsNeedsPhone)}</li>}
          </ul>
        </>
      ) : preferences.isError ? (
        <div className="mt-4">
          <LoadFailed onRetry={() => void preferences.refetch()}>
            {t(PHONE_UI_TEXTS.matrixFailed)}
          </LoadFailed>
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('Loading preferences...')}
        </p>
      )}
    </CardSection>
  );
}
