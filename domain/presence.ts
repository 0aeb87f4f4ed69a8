/** Presence (issue 22, item 1): who else has a record open now. Timing shared by the console and the server. */
export const presenceTiming = {
  /** The tab beats this often (and at once when what it shows or does changes). */
  beatMs: 3000,
  /** A row not beaten for this long is gone (swept): a tab that crashed or lost its network. */
  expiryMs: 8000,
  /** After a tab's stream closes (tab closed), its rows go this soon unless it beats again (a reconnect does). */
  closeGraceMs: 1500,
  /** Each server process sweeps expired rows this often. */
  sweepMs: 1000,
} as const;

/** Where a tab beats (outside /admin, like the stream: not a call of the contract, no audit row). */
export const presenceUrl = '/live/presence';

/** At most this many characters of what someone is doing ("in Refund project"). */
export const presenceActivityMax = 120;

/** One person who has a record open, as the beat's answer and the stream's `presence` event say. */
export interface PresentPerson {
  staff_id: number;
  name: string;
  /** e.g. "HK". */
  initials: string;
  /** Since when they have it open (the earliest of their tabs). */
  since: string;
  /** e.g. "in Refund project"; null: looking. */
  activity: string | null;
}

/** The stream's `presence` event: everyone who has the record open now (the client leaves itself out). */
export interface PresenceEvent {
  record: string;
  people: PresentPerson[];
}
