import { translate } from '../lib/i18n';
import type { WaitlistOfferEvent } from '@slotwise/shared/realtime';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { insertLiveNotification } from '../features/notifications/api/get-unread-notifications';
import { liveNotificationFrom, type LiveEvent } from '../features/notifications/live-notification';
import { applyNewMessage, refreshMessages } from '../features/messages/api/new-message-event';
import { OfferToast } from '../features/waitlist/components/offer-toast';
import { queryKeys } from '../lib/query-keys';
import { decodeSession, useSession } from '../lib/session';
import { createSocket } from '../lib/socket';
import { setActiveSocket } from '../lib/realtime-context';

/** docs/product.md §8: the cancellation toast stays 5 s (the others use the container's 4 s). */
export const CANCELED_TOAST_MS = 5_000;
/** After the server itself closed the connection (restart, scale-in), try again after this. */
const SERVER_DISCONNECT_RETRY_MS = 1_000;

/** Everything an appointment change can alter, under the keys the mutations invalidate too. */
function refreshAfterAppointmentChange(queryClient: QueryClient): void {
  for (const queryKey of [
    queryKeys.notifications,
    queryKeys.appointments,
    queryKeys.stats,
    queryKeys.analytics,
    queryKeys.timeslots,
    queryKeys.availableSlots,
    // A canceled time may go to someone waiting (docs/decisions/069-waitlist.md).
    queryKeys.waitlist,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

function showLiveToast(event: LiveEvent, title: string): void {
  const content = (
    <div>
      <p className="font-semibold">{translate(title)}</p>
      <p className="text-sm">{event.payload.message}</p>
    </div>
  );
  const toastId = `${event.name}:${event.payload.appointmentId}`;
  if (event.name === 'appointment_canceled') {
    toast.warning(content, { toastId, autoClose: CANCELED_TOAST_MS });
  } else {
    toast.info(content, { toastId });
  }
}

/** The offer toast stays this long after its hold ran out, saying so. */
const OFFER_TOAST_AFTER_EXPIRY_MS = 5_000;

/**
 * A time held for this client (socket `waitlist_offer`, docs/decisions/069-waitlist.md): the
 * bell gets 'Slot Available' at once (the stored copy replaces it), the offers and entries are
 * read again, and a toast with the countdown and 'Book it' stays until the hold runs out.
 */
function onWaitlistOffer(queryClient: QueryClient, event: WaitlistOfferEvent): void {
  insertLiveNotification(queryClient, {
    type: 'waitlist_offer',
    title: WAITLIST_MESSAGES.offerTitle,
    message: WAITLIST_TEXTS.liveOfferMessage,
    appointmentId: null,
  });
  for (const queryKey of [queryKeys.notifications, queryKeys.waitlist]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  const left = Date.parse(event.expiresAt) - Date.now();
  toast.info(
    ({ closeToast }) => (
      <OfferToast offerId={event.offerId} expiresAt={event.expiresAt} closeToast={closeToast} />
    ),
    {
      toastId: `waitlist_offer:${event.offerId}`,
      autoClose: Number.isFinite(left) ? Math.max(left, 0) + OFFER_TOAST_AFTER_EXPIRY_MS : false,
    },
  );
}

/**
 * One socket per signed-in session (docs/product.md §7, §10), mounted by the provider and client
 * area layouts so that socket.io stays out of the landing page. Opened only when a token exists,
 * replaced when the token changes (a new sign-in), closed on sign-out or when the area is left.
 *
 * Live events (new_appointment, appointment_canceled, appointment_rescheduled, waitlist_offer) put the
 * notification on top of the bell at once, refresh the lists they affect through the same query
 * keys the mutations invalidate, and show a toast with the docs/product.md §8 title and the event's message.
 * It renders nothing of its own: wrap the area in it or place it anywhere inside the area.
 */
export function RealtimeProvider({ children = null }: { children?: ReactNode }) {
  const { session } = useSession();
  const token = session?.token ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    const current = token ? decodeSession(token) : null;
    if (!current) return;
    const socket = createSocket(current);
    setActiveSocket(socket);

    const onLiveEvent = (event: LiveEvent) => {
      const notification = liveNotificationFrom(event);
      insertLiveNotification(queryClient, notification);
      refreshAfterAppointmentChange(queryClient);
      showLiveToast(event, notification.title);
    };

    let connectedBefore = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect', () => {
      // Events sent while we were away are stored server-side: catch up after a reconnect.
      if (connectedBefore) {
        refreshAfterAppointmentChange(queryClient);
        refreshMessages(queryClient);
      }
      connectedBefore = true;
    });
    socket.on('disconnect', (reason) => {
      // socket.io does not reconnect by itself when the server closed the connection.
      if (reason === 'io server disconnect') {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => socket.connect(), SERVER_DISCONNECT_RETRY_MS);
      }
    });
    socket.on('new_appointment', (payload) => onLiveEvent({ name: 'new_appointment', payload }));
    socket.on('appointment_canceled', (payload) =>
      onLiveEvent({ name: 'appointment_canceled', payload }),
    );
    socket.on('appointment_rescheduled', (payload) =>
      onLiveEvent({ name: 'appointment_rescheduled', payload }),
    );
    // Trust (features/reviews): the bell, the reviews lists and the dashboard's rating.
    socket.on('new_review', (payload) => {
      const event: LiveEvent = { name: 'new_review', payload };
      const notification = liveNotificationFrom(event);
      insertLiveNotification(queryClient, notification);
      for (const queryKey of [queryKeys.notifications, queryKeys.reviews, queryKeys.stats]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      showLiveToast(event, notification.title);
    });
    // The waitlist (features/waitlist): a freed time held for this client.
    socket.on('waitlist_offer', (event) => onWaitlistOffer(queryClient, event));
    // Messages (features/messages): the open thread, the list and the unread badges.
    socket.on('new_message', (event) => applyNewMessage(queryClient, event));

    // The five reconnection attempts may run out while offline: start again once back online.
    const onOnline = () => {
      if (!socket.connected && !socket.active) socket.connect();
    };
    window.addEventListener('online', onOnline);

    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.disconnect();
      setActiveSocket(null);
    };
  }, [token, queryClient]);

  return children;
}
