import { useTranslation } from '../../../lib/i18n';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { toast } from 'react-toastify/unstyled';
import { devicePushFailure, useDevicePush } from '../../push/api/use-device-push';

/**
 * The bell's 'Turn on notifications' (docs/product.md §20.2): the browser's permission prompt
 * follows this click, never a page load. 'Turn off notifications' once this device is on.
 * Nothing where the browser cannot receive pushes.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const push = useDevicePush();
  if (!push.supported || push.on === null) return null;

  const onClick = async () => {
    try {
      const message = await (push.on ? push.turnOff() : push.turnOn());
      if (message) toast.success(message, { toastId: message });
    } catch (error) {
      toast.error(devicePushFailure(error), { toastId: 'device-push-failed' });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={push.busy}
      className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50"
    >
      {push.on ? t(PHONE_UI_TEXTS.turnOff) : t(PHONE_UI_TEXTS.turnOn)}
    </button>
  );
}
