import { randomBytes } from 'node:crypto';
import { IMAGE_ID_PATTERN } from '@cabana/shared/api/media';

/**
 * Ids of stored records (images, enquiries): 96 random bits as 16 base64url characters, so
 * they cannot be guessed and are safe as folder names.
 */
export const newRecordId = (): string => randomBytes(12).toString('base64url');

/** True for a string `newRecordId` could have made (the media URL grammar uses the same rule): anything else (a path, "..") is no record. */
export const isRecordId = (id: string): boolean => IMAGE_ID_PATTERN.test(id);
