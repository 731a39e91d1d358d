import { z } from 'zod';
import { LIMITS } from '../config/limits';
import { cleanLine, cleanName, cleanText } from './text';

export const ImageFormatSchema = z.enum(['avif', 'webp', 'jpeg']);
export type ImageFormat = z.infer<typeof ImageFormatSchema>;

export const ImageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: ImageFormatSchema,
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

export const ImageStatusSchema = z.enum(['published', 'pending']);

/** An image as the API returns it. `secure_url` is the spec's contract: a good default JPEG variant. */
export const ImageSchema = z.object({
  id: z.string(),
  secure_url: z.string(),
  title: z.string(),
  description: z.string(),
  /** The owner's English title and description (issue 23); English pages show the Spanish ones without them. */
  titleEn: z.string().optional(),
  descriptionEn: z.string().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Tiny blurred preview as a data: URL, shown while the real image loads. */
  placeholder: z.string(),
  variants: z.array(ImageVariantSchema),
  tags: z.array(z.string()),
  status: ImageStatusSchema,
  /** Set for photos sent from the public /imagenes page. */
  uploaded_by: z.string().optional(),
  /**
   * A sample photo a fresh install published (server/seed: illustrations, not the cabin), until
   * the owner deletes it; only the owner's lists say so (issue 35).
   */
  sample: z.literal(true).optional(),
  created_at: z.string(),
});
export type Image = z.infer<typeof ImageSchema>;

const title = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .min(1, 'Escribe un título.')
  .max(LIMITS.titleMax, `El título admite hasta ${LIMITS.titleMax} caracteres.`);
const description = z
  .string()
  .overwrite(cleanText)
  .trim()
  .max(LIMITS.descriptionMax, `La descripción admite hasta ${LIMITS.descriptionMax} caracteres.`);

/** Text fields of the multipart upload (the file travels as `image`). */
export const UploadImageFieldsSchema = z.strictObject({
  title,
  description: description.default(''),
  tags: z.string().overwrite(cleanLine).trim().max(LIMITS.tagsMax, 'Etiquetas demasiado largas.').default(''),
  uploaded_by: z
    .string()
    .overwrite(cleanName)
    .trim()
    .max(LIMITS.uploadedByMax, `El nombre admite hasta ${LIMITS.uploadedByMax} caracteres.`)
    .optional(),
});
export type UploadImageFields = z.infer<typeof UploadImageFieldsSchema>;

/** An English title may be empty: that removes it (the Spanish one is shown again). */
const titleEn = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .max(LIMITS.titleMax, `El título en inglés admite hasta ${LIMITS.titleMax} caracteres.`);

export const UpdateImageInputSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    titleEn: titleEn.optional(),
    descriptionEn: description.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Indica el título o la descripción.',
  });
export type UpdateImageInput = z.infer<typeof UpdateImageInputSchema>;

/**
 * Body of PUT /api/imagenes/orden: the published photos' ids in the order the site shows them.
 * The server also checks that it names every published photo exactly once.
 */
export const ImageOrderInputSchema = z.strictObject({
  ids: z
    .array(z.string().max(64, 'Identificador de foto no válido.'), { error: 'Envía la lista de fotos en orden.' })
    .max(LIMITS.maxPublishedImages, 'Demasiadas fotos en la lista.'),
});
export type ImageOrderInput = z.infer<typeof ImageOrderInputSchema>;
