import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  WOMPI_KEY_NAMES,
  WOMPI_KEY_LABELS,
  wompiKeyMode,
  wompiKeyProblems,
  type WompiKeyName,
  type WompiKeysInput,
  type WompiKeyStatus,
} from '@cabana/shared/domain/schemas/payment';
import { conflict, invalidInput } from '../domain-errors';
import { wompiUrls, type Config, type WompiConfig } from '../env';
import { writeFileDurable } from '../lib/durable-fs';
import type { Logger } from '../lib/logger';
import type { PaymentProvider } from './provider';
import { Wompi } from './wompi';

/**
 * The file of the data folder that holds the keys the owner pasted in Ajustes (issue 33). Beside
 * `db/`, not in it: the store, its journal and backups (which hold `db/`'s data, photos and
 * receipts only) never see it. Mode 0600: only the server's user reads it.
 */
export const WOMPI_KEYS_FILE = 'wompi-keys.json';

const StoredKeysSchema = z.object(
  Object.fromEntries(WOMPI_KEY_NAMES.map((n) => [n, z.string().optional()])) as Record<
    WompiKeyName,
    z.ZodOptional<z.ZodString>
  >,
);
type StoredKeys = Partial<Record<WompiKeyName, string>>;

const ENV_WINS =
  'Las llaves de Wompi están definidas en el servidor (variables WOMPI_*), que mandan sobre las de este panel: cámbialas allí.';

export interface WompiKeysOptions {
  dataDir: string;
  /** The environment's keys (all four or none: env.ts), which win over the file's. */
  env: WompiConfig | undefined;
  urls: Config['wompiUrls'];
  log: Logger;
}

/**
 * Where Wompi's keys come from, read at every use so that keys saved in Ajustes take effect at
 * once, without a restart: the environment's when set, else the four the owner pasted.
 */
export class WompiKeys {
  #stored: StoredKeys = {};
  #config: WompiConfig | undefined;
  #provider: { config: WompiConfig; wompi: Wompi } | undefined;

  constructor(private readonly opts: WompiKeysOptions) {
    this.#config = opts.env;
  }

  get file(): string {
    return path.join(this.opts.dataDir, WOMPI_KEYS_FILE);
  }

  /**
   * Reads the file at start (and removes what a write cut short left beside it: its temp files).
   * One that cannot be read as keys is reported and left as it is (not used).
   */
  async load(): Promise<void> {
    // writeFileDurable's temp file: `.<name>.<hex>.tmp`.
    const leftover = /^\.wompi-keys\.json\.[0-9a-f]+\.tmp$/;
    for (const name of await fsp.readdir(this.opts.dataDir)) {
      if (leftover.test(name)) await fsp.rm(path.join(this.opts.dataDir, name), { force: true });
    }
    let text: string;
    try {
      text = await fsp.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    let parsed: StoredKeys | undefined;
    try {
      parsed = StoredKeysSchema.parse(JSON.parse(text));
    } catch {
      this.opts.log.error(`payments: ${WOMPI_KEYS_FILE} is not a file of Wompi keys; online payment by it is off`);
      return;
    }
    // Whatever the umask made of a file copied in by hand, it is the server user's only.
    await fsp.chmod(this.file, 0o600);
    this.#stored = parsed;
    this.#config = this.#effective();
  }

  /** The keys in force, or undefined: online payment is off. */
  config(): WompiConfig | undefined {
    return this.#config;
  }

  /** The gateway for the keys in force (made again when they change), or undefined. */
  provider(): PaymentProvider | undefined {
    const config = this.#config;
    if (!config) return undefined;
    if (this.#provider?.config !== config) this.#provider = { config, wompi: new Wompi(config) };
    return this.#provider.wompi;
  }

  /** The four keys as the panel sees them: where each comes from and its last 4 characters. */
  status(): WompiKeyStatus[] {
    const { env } = this.opts;
    return WOMPI_KEY_NAMES.map((name) => {
      const value = env ? env[name] : this.#stored[name];
      return {
        name,
        source: value === undefined ? null : env ? 'entorno' : 'panel',
        ending: value === undefined ? null : value.slice(-4),
      };
    });
  }

  /**
   * The owner's keys: a field left empty keeps the one stored. All four must end up set and fit
   * together (400 by field otherwise); the file is replaced durably (temp file, fsync, rename),
   * and only then do they take effect. Refused (409) while the environment sets the keys.
   */
  async save(input: WompiKeysInput): Promise<void> {
    if (this.opts.env) throw conflict(ENV_WINS);
    const next: StoredKeys = { ...this.#stored };
    for (const name of WOMPI_KEY_NAMES) {
      const value = input[name];
      if (value) next[name] = value;
    }
    const fields: Partial<Record<WompiKeyName, string>> = {};
    for (const name of WOMPI_KEY_NAMES) {
      if (!next[name])
        fields[name] = `Pega ${WOMPI_KEY_LABELS[name].toLowerCase()} (está en el panel de Wompi, en Desarrolladores).`;
    }
    if (Object.keys(fields).length === 0) Object.assign(fields, wompiKeyProblems(next as Record<WompiKeyName, string>));
    const first = Object.values(fields)[0];
    if (first) throw invalidInput(first, fields);
    await writeFileDurable(this.file, JSON.stringify(next));
    this.#stored = next;
    this.#config = this.#effective();
  }

  #effective(): WompiConfig | undefined {
    if (this.opts.env) return this.opts.env;
    const k = this.#stored;
    if (!k.publicKey || !k.privateKey || !k.eventsSecret || !k.integritySecret) return undefined;
    const complete = k as Record<WompiKeyName, string>;
    const problems = Object.values(wompiKeyProblems(complete));
    const mode = wompiKeyMode(complete.publicKey, 'pub');
    if (problems.length > 0 || !mode) {
      this.opts.log.error(`payments: the keys of ${WOMPI_KEYS_FILE} do not fit together; online payment is off`);
      return undefined;
    }
    return { ...complete, mode, ...wompiUrls(this.opts.urls, mode) };
  }
}
