import { z } from 'zod';
import { ImageSchema } from '@cabana/shared/schemas/image';
import { EnquirySchema } from '@cabana/shared/schemas/enquiry';
import { PrecioSchema } from '@cabana/shared/schemas/price';

/** A stored image: the API shape plus the folder its files live in (always `images/<id>/`). */
export const StoredImageSchema = ImageSchema.extend({
  /** File names inside `images/<id>/`, so start-up can check nothing is missing. */
  files: z.array(z.string()),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;

export const StoredSessionSchema = z.object({
  /** sha256 of the session id: the data file alone does not let anyone sign in. */
  idHash: z.string(),
  email: z.string(),
  kind: z.enum(['cookie', 'token']),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

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
});
export type Data = z.infer<typeof DataSchema>;
