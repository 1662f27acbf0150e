import { useTranslation } from '../../../lib/i18n';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { devicePushFailure, useDevicePush } from '../../push/api/use-device-push';

/**
 * This device's push switch (docs/product.md §20.2, §20.4): on asks the browser's permission
 * (this click is the only thing that does) and subscribes; off unsubscribes.
 */
export function DevicePushSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const switchId = useId();
  const push = useDevicePush();

  const change = async (value: boolean) => {
    try {
      const message = await (value ? push.turnOn() : push.turnOff());
      if (message) toast.success(message, { toastId: message });
    } catch (error) {
      toast.error(devicePushFailure(error), { toastId: 'device-push-failed' });
    }
  };

  const hint = t(
    !push.supported
      ? PHONE_UI_TEXTS.pushUnsupported
      : push.permission === 'denied'
        ? PHONE_UI_TEXTS.pushBlocked
        : PHONE_UI_TEXTS.deviceHint,
  );

  return (
    <CardSection titleId={headingId} title={t(PHONE_UI_TEXTS.deviceTitle)}>
      <div className="mt-4 flex items-start gap-3">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-describedby={`${switchId}-hint`}
          checked={push.on === true}
          disabled={!push.supported || push.on === null || push.busy}
          onChange={(event) => void change(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-indigo-600 disabled:opacity-50"
        />
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
            {t(PHONE_UI_TEXTS.deviceSwitch)}
          </label>
          <p id={`${switchId}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
      </div>
    </CardSection>
  );
}
