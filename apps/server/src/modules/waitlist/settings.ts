/** The waitlist's configuration (WAITLIST_HOLD_MINUTES, docs/decisions/069-waitlist.md). */
export interface WaitlistSettings {
  holdMinutes: number;
}
