import { SettingsSchema, type Settings, type SettingsPatch } from '@cabana/shared/domain/schemas/settings';
import type { Store } from '../db/store';
import { validate } from '../lib/validate';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { invalidInput } from '../domain-errors';

/** The owner's price per person and the business facts every page shows. */
export class SettingsService {
  constructor(private readonly deps: { store: Store; now: () => number }) {}

  price(): { precio: number } {
    return { precio: this.deps.store.data.price.precio };
  }

  /** The price is validated by the contract before it gets here, so a bad value leaves the stored one alone. */
  async setPrice(precio: number): Promise<{ precio: number }> {
    const { store } = this.deps;
    store.data.price = { precio, updatedAt: new Date(this.deps.now()).toISOString() };
    await store.save();
    return { precio };
  }

  settings(): Settings {
    return this.deps.store.data.settings;
  }

  /**
   * Changes any of the settings. The merged whole is checked again: rules that tie fields together
   * (people limits, one entry per network) hold whichever of them the patch carries. Nothing
   * changes unless both pass.
   */
  async update(patch: SettingsPatch): Promise<Settings> {
    const { store } = this.deps;
    const next = validate(SettingsSchema, { ...store.data.settings, ...patch });
    const today = todayAtCabin(new Date(this.deps.now()));
    if (patch.outsideRating && patch.outsideRating.readOn > today) {
      const message = 'La fecha en que leíste la calificación no puede ser posterior a hoy.';
      throw invalidInput(message, { 'outsideRating.readOn': message });
    }
    store.data.settings = next;
    await store.save();
    return next;
  }
}
