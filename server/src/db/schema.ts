import { z } from 'zod';
import { SireUploadSchema } from '@cabana/shared/domain/schemas/sire';
import { ImageSchema } from '@cabana/shared/domain/schemas/image';
import { EnquirySchema } from '@cabana/shared/domain/schemas/enquiry';
import { PrecioSchema } from '@cabana/shared/domain/schemas/price';
import { SeasonSchema } from '@cabana/shared/domain/schemas/season';
import { CalendarEntrySchema, FeedSchema } from '@cabana/shared/domain/schemas/calendar';
import { BookingSchema, MailKindSchema } from '@cabana/shared/domain/schemas/booking';
import { ReviewSchema } from '@cabana/shared/domain/schemas/review';
import { StoredSettingsSchema } from './settings';

/** A stored image: the API shape plus the folder its files live in (always `images/<id>/`). */
const StoredImageSchema = ImageSchema.extend({
  /** File names inside `images/<id>/`, so start-up can check nothing is missing. */
  files: z.array(z.string()),
  /**
   * Place of a published photo in the owner's order (smallest first). Set when it is published;
   * data files from before the order existed get theirs at start-up (see `assignImagePositions`).
   */
  position: z.number().int().nonnegative().optional(),
  /**
   * What its files take on disk, in bytes: photos waiting for approval share a bounded room.
   * Records written before it was kept are measured at start-up (pending ones).
   */
  bytes: z.number().int().nonnegative().optional(),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;

const StoredSessionSchema = z.object({
  /** sha256 of the session id: the data file alone does not let anyone sign in. */
  idHash: z.string(),
  email: z.string(),
  kind: z.enum(['cookie', 'token']),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

/** What a block and an imported event carry over to the calendar entry they become (calendar/entries.ts). */
const StoredRangeSchema = CalendarEntrySchema.pick({ id: true, start: true, end: true });

/** A night range the owner blocked by hand (maintenance, family). */
const StoredBlockSchema = StoredRangeSchema.extend({ note: z.string(), createdAt: z.string() });

/**
 * An event imported from a feed, matched across syncs by `key` (its UID, plus the occurrence for
 * repeats). Its id is stable: the calendar entry's id and, in our export, the VEVENT's UID.
 */
const StoredFeedEventSchema = StoredRangeSchema.extend({
  key: z.string(),
  summary: z.string(),
  firstSeenAt: z.string(),
});
export type StoredFeedEvent = z.infer<typeof StoredFeedEventSchema>;

/** A stored feed: the API shape without its export URL (made from `exportToken`), plus what only the server keeps. */
const StoredFeedSchema = FeedSchema.omit({ exportUrl: true }).extend({
  /** Secret part of this feed's export URL. */
  exportToken: z.string(),
  createdAt: z.string(),
  /** The last successful fetch's events: kept as they are when a later fetch fails. */
  events: z.array(StoredFeedEventSchema),
  /** Reading the feed ran out of its budget this many times in a row (calendar-sync.ts backs off). */
  budgetFailures: z.number().int().min(1).optional(),
  /** Until then (ISO time) the start-up and timed syncs leave the feed alone; the owner may still sync it. */
  retryAt: z.string().optional(),
});
export type StoredFeed = z.infer<typeof StoredFeedSchema>;

/**
 * An e-mail a booking's transition wrote (in the same save): sent after the save, retried with
 * back-off until it goes, kept a while once sent (bookings/outbox.ts).
 */
const StoredMailSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  code: z.string(),
  kind: MailKindSchema,
  to: z.string(),
  /** The addressee's phone, for the WhatsApp link offered when it cannot be sent. */
  phone: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** An iCal file sent attached (the confirmation's stay, issue 32). */
  ics: z.string().optional(),
  createdAt: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  /** When the sender may try again (ISO); null: at once. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type StoredMail = z.infer<typeof StoredMailSchema>;

/** Availability, seasons and calendar sync. Every field has a default, so older data files still load. */
const CalendarDataSchema = z.object({
  blocks: z.array(StoredBlockSchema).default([]),
  feeds: z.array(StoredFeedSchema).default([]),
  seasons: z.array(SeasonSchema).default([]),
  baseMinNights: z.number().int().min(1).default(1),
  /** Secret part of the general export URL; empty until the first start that knows about it sets it. */
  exportToken: z.string().default(''),
});

export const DataSchema = z.object({
  version: z.literal(1),
  admin: z.object({ email: z.string(), passwordHash: z.string(), passwordChangedAt: z.string() }).nullable(),
  secrets: z.object({ formTokenKey: z.string().min(32) }),
  price: z.object({ precio: PrecioSchema, updatedAt: z.string() }),
  images: z.array(StoredImageSchema),
  enquiries: z.array(EnquirySchema),
  sessions: z.array(StoredSessionSchema),
  /** Nonces of form tokens already used, kept until the token would have expired anyway. */
  usedFormTokens: z.array(z.object({ nonce: z.string(), expiresAt: z.number() })),
  seeded: z.boolean(),
  calendar: CalendarDataSchema.prefault({}),
  /** The business facts the owner edits (GET/PATCH /api/ajustes); defaults when absent. */
  settings: StoredSettingsSchema,
  /** Booking requests and stays (issue 21); absent from older data files. */
  bookings: z.array(BookingSchema).default([]),
  /** E-mails of the bookings' transitions, waiting to be sent or recently sent. */
  outbox: z.array(StoredMailSchema).default([]),
  /** Months of SIRE movements the owner marked as uploaded to Migración's portal (issue 34). */
  sireUploads: z.array(SireUploadSchema).default([]),
  /** Guests' reviews of their stays (issue 35); absent from older data files. */
  reviews: z.array(ReviewSchema).default([]),
});
export type Data = z.infer<typeof DataSchema>;

/** The order a new (or newly approved) photo takes: after every published one. */
export function nextImagePosition(images: readonly StoredImage[]): number {
  let max = -1;
  for (const i of images) if (i.status === 'published' && i.position !== undefined) max = Math.max(max, i.position);
  return max + 1;
}

/**
 * Published photos without a position (data written before the owner's order existed) go after
 * the positioned ones, newest first: the order the site showed them in until then.
 */
export function assignImagePositions(data: Data): void {
  const missing = data.images
    .filter((i) => i.status === 'published' && i.position === undefined)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  let next = nextImagePosition(data.images);
  for (const img of missing) img.position = next++;
}
