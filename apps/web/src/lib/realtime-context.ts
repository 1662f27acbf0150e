import { useQueryClient } from '@tanstack/react-query';
import type { SlotAvailabilityEvent } from '@slotwise/shared/realtime';
import { useEffect, useSyncExternalStore } from 'react';
import { withSeatsTaken } from './available-slots-cache';
import { queryKeys } from './query-keys';
import type { AppSocket } from './socket';

/**
 * The signed-in session's one socket (owned by RealtimeProvider), readable from any component
 * below the area layouts. Null while signed out or outside the provider and client areas.
 */
let activeSocket: AppSocket | null = null;
const listeners = new Set<() => void>();

export function setActiveSocket(socket: AppSocket | null): void {
  if (activeSocket === socket) return;
  activeSocket = socket;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current socket, or null; re-renders when it is replaced (new token) or closed. */
export function useRealtimeSocket(): AppSocket | null {
  return useSyncExternalStore(
    subscribe,
    () => activeSocket,
    () => null,
  );
}

/**
 * Live availability for one provider's page: joins the provider's room (again after every
 * reconnect) and, when slots are taken or freed, drops the taken ones from the cached lists at
 * once (a class with seats left stays: every seat booked is an event) and refetches `['available-slots', providerId]` (every key under it). Leaves the room on
 * unmount or when the provider changes.
 */
export function useSlotAvailability(providerId: string | null | undefined): void {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || !providerId) return;
    const key = queryKeys.providerAvailableSlots(providerId);

    const watch = () => socket.emit('watch_provider', providerId);
    const onSlotsChanged = (change: SlotAvailabilityEvent) => {
      if (change.providerId !== providerId) return;
      if (change.taken.length > 0) {
        const taken = new Set(change.taken);
        queryClient.setQueriesData<unknown>({ queryKey: key }, (old: unknown) =>
          withSeatsTaken(old, taken),
        );
      }
      void queryClient.invalidateQueries({ queryKey: key });
    };
    // After a reconnect the room is gone and changes may have been missed.
    const onConnect = () => {
      watch();
      void queryClient.invalidateQueries({ queryKey: key });
    };

    socket.on('slots_changed', onSlotsChanged);
    socket.on('connect', onConnect);
    if (socket.connected) watch();
    return () => {
      socket.off('slots_changed', onSlotsChanged);
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit('unwatch_provider', providerId);
    };
  }, [socket, providerId, queryClient]);
}
