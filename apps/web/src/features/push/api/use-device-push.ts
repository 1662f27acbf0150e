import { translate } from '../../../lib/i18n';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { queryKeys } from '../../../lib/query-keys';
import {
  currentPushSubscription,
  pushPermission,
  PushPermissionDenied,
  pushSupported,
  subscribeThisBrowser,
  subscriptionBody,
  type PushPermission,
} from '../../../lib/web-push';
import { createPushSubscription } from './create-push-subscription';
import { deletePushSubscription } from './delete-push-subscription';
import { pushPublicKeyQuery } from './get-push-public-key';

export interface DevicePush {
  /** The browser can receive pushes (service workers, the Push API, notifications). */
  supported: boolean;
  permission: PushPermission;
  /** This browser has a subscription; null while it is being read. */
  on: boolean | null;
  busy: boolean;
  /** From a click only: the browser's prompt follows it (docs/product.md §20.2). Resolves to the server's message. */
  turnOn: () => Promise<string>;
  turnOff: () => Promise<string>;
}

/**
 * Push on this device (docs/product.md §20.2): the browser's subscription, turned on with the
 * permission prompt, the server's key and POST /push/subscriptions, off with DELETE and the
 * browser's unsubscribe. Both change the preferences' `push_devices`.
 */
export function useDevicePush(): DevicePush {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const device = useQuery({
    queryKey: queryKeys.devicePush,
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
    enabled: supported,
    // The browser, not the network: a failure to read it is an answer (off), not a retry.
    retry: false,
    networkMode: 'always',
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.devicePush }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences }),
    ]);

  const on = useMutation({
    mutationFn: async () => {
      const key = await queryClient.fetchQuery(pushPublicKeyQuery);
      const subscription = await subscribeThisBrowser(key);
      try {
        return (await createPushSubscription(subscriptionBody(subscription))).message;
      } catch (error) {
        // Not known to the server: a subscription nothing would ever push to.
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSettled: refresh,
  });

  const off = useMutation({
    mutationFn: async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return '';
      let message = '';
      try {
        message = (await deletePushSubscription(subscription.endpoint)).message;
      } catch (error) {
        // Already gone on the server (another account took it): the browser forgets it too.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        message = error.message;
      }
      await subscription.unsubscribe();
      return message;
    },
    onSettled: refresh,
  });

  return {
    supported,
    permission: pushPermission(),
    on: supported
      ? device.isSuccess
        ? device.data !== null
        : device.isError
          ? false
          : null
      : false,
    busy: on.isPending || off.isPending,
    turnOn: () => on.mutateAsync(),
    turnOff: () => off.mutateAsync(),
  };
}

/** What a refused turn-on or turn-off says: the blocked permission, else the server's message. */
export function devicePushFailure(error: unknown): string {
  if (error instanceof PushPermissionDenied) return translate(PHONE_UI_TEXTS.pushBlocked);
  return failureMessage(error, PHONE_UI_TEXTS.pushFailed);
}
