/**
 * The appointments of the pages loaded so far, each once: between two pages an appointment can
 * move from the upcoming part to the past one (it ended, or was canceled) and come back on a later
 * page (docs/decisions/052-paginated-appointment-lists.md); its first place is kept.
 */
export function loadedAppointments<T extends { appointment_id: string }>(
  pages: readonly { appointments: T[] }[] | undefined,
): T[] {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const page of pages ?? []) {
    for (const appointment of page.appointments) {
      if (seen.has(appointment.appointment_id)) continue;
      seen.add(appointment.appointment_id);
      list.push(appointment);
    }
  }
  return list;
}
