import { DEFAULT_SETTINGS } from '@cabana/shared/domain/config/settings';
import { SettingsSchema, type Settings } from '@cabana/shared/domain/schemas/settings';

/**
 * The owner's settings as a piece of the store of its own: its schema with the fresh-install
 * value (the facts of `business.ts`), so a data file from before settings existed loads with the
 * defaults, and moving it to a file or collection of its own takes only this module.
 */
export const StoredSettingsSchema = SettingsSchema.default(() => initialSettings());

export function initialSettings(): Settings {
  return structuredClone(DEFAULT_SETTINGS);
}
