import { translate } from '../../lib/i18n';
import type { ProviderLocation, ServiceMode } from '@slotwise/shared/catalogue-schemas';

export interface AppointmentPlace {
  /** 'Main St 5, Lisbon', 'Lisbon', 'Online', 'At your place'. */
  text: string;
  /** An OpenStreetMap directions URL; null when there is nowhere to go. */
  directionsUrl: string | null;
}

const OSM_DIRECTIONS = 'https://www.openstreetmap.org/directions';

/**
 * Where the appointment is: the provider's address (or their city) with OpenStreetMap directions
 * to it; online and at-the-client's services have no directions. Null without a location.
 */
export function appointmentPlace(
  location: ProviderLocation | null | undefined,
  serviceMode: ServiceMode | undefined,
): AppointmentPlace | null {
  if (serviceMode === 'online') return { text: translate('Online'), directionsUrl: null };
  if (serviceMode === 'at_client') return { text: translate('At your place'), directionsUrl: null };
  if (!location) return null;
  const address = location.address?.trim();
  if (address) {
    const text = `${address}, ${location.name}`;
    return { text, directionsUrl: `${OSM_DIRECTIONS}?to=${encodeURIComponent(text)}` };
  }
  // No street address: the place's own point (the route's empty start is 'from where I am').
  const point = `${location.lat},${location.lng}`;
  return {
    text: location.name,
    directionsUrl: `${OSM_DIRECTIONS}?route=${encodeURIComponent(`;${point}`)}`,
  };
}
