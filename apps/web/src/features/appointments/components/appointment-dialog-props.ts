/** What every per-appointment dialog takes: the appointment it acts on and how to close it. */
export interface AppointmentDialogProps<A> {
  appointment: A;
  onClose: () => void;
}
