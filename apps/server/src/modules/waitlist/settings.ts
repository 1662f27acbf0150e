/** The waitlist's configuration (WAITLIST_HOLD_MINUTES, docs/decisions/069-waitlist.md). */
export interface WaitlistSettings {
  holdMinutes: number;
  /** PUBLIC_URL: the offer's text links to the waitlist page (docs/product.md §20.3). */
  publicUrl: string;
}
