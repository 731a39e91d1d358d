import { z } from 'zod';
import { LIMITS } from '@cabana/shared/config/limits';
import { EnquiryStatusSchema } from '@cabana/shared/schemas/enquiry';
import { UpdateImageInputSchema } from '@cabana/shared/schemas/image';
import { CHANNELS, type Channel } from './bridge-contract';

const id = z.string().min(1).max(200);
const none = z.undefined();

/** Argument schema for every channel; main validates each message against it. */
export const ARG_SCHEMAS = {
  [CHANNELS.connectionGet]: none,
  [CHANNELS.connectionSetServer]: z.strictObject({ serverUrl: z.string().max(2_000) }),
  [CHANNELS.sessionGet]: none,
  [CHANNELS.sessionLogin]: z.strictObject({
    email: z.string().max(LIMITS.emailMax),
    password: z.string().max(LIMITS.passwordMax),
  }),
  [CHANNELS.sessionLogout]: none,
  [CHANNELS.priceGet]: none,
  [CHANNELS.priceSet]: z.strictObject({ precio: z.number() }),
  [CHANNELS.imagesList]: none,
  [CHANNELS.imagesListPending]: none,
  [CHANNELS.imagesUpload]: z.strictObject({
    uploadId: id,
    fileName: z.string().max(500),
    // Bounded well above the upload limit so main never holds an absurd buffer; the service
    // answers a friendly 413 for anything over the limit itself.
    bytes: z
      .instanceof(Uint8Array)
      .refine((b) => b.byteLength > 0 && b.byteLength <= LIMITS.maxUploadBytes * 2, 'Tamaño de archivo no válido.'),
    title: z.string().max(LIMITS.titleMax * 2),
    description: z.string().max(LIMITS.descriptionMax * 2),
  }),
  [CHANNELS.imagesCancelUpload]: z.strictObject({ uploadId: id }),
  [CHANNELS.imagesUpdate]: z.strictObject({ id, input: UpdateImageInputSchema }),
  [CHANNELS.imagesDelete]: z.strictObject({ id }),
  [CHANNELS.imagesApprove]: z.strictObject({ id }),
  [CHANNELS.enquiriesList]: none,
  [CHANNELS.enquiriesSetStatus]: z.strictObject({ id, status: EnquiryStatusSchema }),
  [CHANNELS.enquiriesDelete]: z.strictObject({ id }),
  [CHANNELS.uploadsGet]: none,
  [CHANNELS.uploadsAddFiles]: z.strictObject({
    paths: z.array(z.string().min(1).max(4_096)).min(1).max(5_000),
  }),
  [CHANNELS.uploadsPickFiles]: z.strictObject({ folders: z.boolean() }),
  [CHANNELS.uploadsSetTitle]: z.strictObject({ id, title: z.string().max(LIMITS.titleMax * 2) }),
  [CHANNELS.uploadsStart]: none,
  [CHANNELS.uploadsRetryFailed]: none,
  [CHANNELS.uploadsCancel]: none,
  [CHANNELS.uploadsClearFinished]: none,
} satisfies Record<Channel, z.ZodType>;

export type ArgsOf<C extends Channel> = z.input<(typeof ARG_SCHEMAS)[C]>;
