import { DEFAULT_SETTINGS } from '@cabana/shared/domain/config/settings';
import { ENGLISH_DEFAULTS } from '@cabana/shared/domain/config/setting-defaults';
import { PROPERTY_DEFAULTS } from '@cabana/shared/domain/config/property-words';
import { SettingsSchema, type Settings } from '@cabana/shared/domain/schemas/settings';

/**
 * The owner's settings as a piece of the store of its own: its schema with the fresh-install
 * value (the facts of `business.ts`), so a data file from before settings existed loads with the
 * defaults, and moving it to a file or collection of its own takes only this module.
 */
export const StoredSettingsSchema = SettingsSchema.default(() => initialSettings());

/**
 * A fresh install's settings: `DEFAULT_SETTINGS`, the house's facts and the English versions of
 * its texts (issue 32), added here rather than there, which every public page's first load carries.
 */
export function initialSettings(): Settings {
  return structuredClone({ ...DEFAULT_SETTINGS, ...ENGLISH_DEFAULTS, property: PROPERTY_DEFAULTS });
}
