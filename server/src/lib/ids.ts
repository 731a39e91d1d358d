import { randomBytes } from 'node:crypto';

/**
 * Ids of stored records (images, enquiries): 96 random bits as 16 base64url characters, so
 * they cannot be guessed and are safe as folder names.
 */
export const newRecordId = (): string => randomBytes(12).toString('base64url');

const RECORD_ID = /^[A-Za-z0-9_-]{16}$/;

/** True for a string `newRecordId` could have made: anything else (a path, "..") is no record. */
export const isRecordId = (id: string): boolean => RECORD_ID.test(id);
