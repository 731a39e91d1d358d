import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export interface ServerAddress {
  /** What the owner typed, normalised: scheme, host, optional path, no trailing slash. */
  serverUrl: string;
  /** API base derived from it (`<serverUrl>/api`). */
  apiUrl: string;
  /** The server's origin. */
  origin: string;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const LOCAL_HOST =
  /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|[a-z0-9-]+\.local)$/i;

/**
 * Validates the server address the owner typed. Only http(s); plain http only inside the local
 * network, because the password and the token would otherwise cross the internet in clear text.
 */
export function parseServerUrl(input: string): ServerAddress {
  const raw = input.trim();
  if (!raw) throw new SettingsError('Escribe la dirección del servidor.');
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new SettingsError('La dirección no es válida. Ejemplo: https://brisasdelgolfo.co');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SettingsError('La dirección debe empezar por https:// (o http:// en la red local).');
  }
  if (url.username || url.password) {
    throw new SettingsError('La dirección no puede llevar usuario ni contraseña.');
  }
  if (url.protocol === 'http:' && !LOCAL_HOST.test(url.hostname)) {
    throw new SettingsError(
      'Usa https:// para un servidor en internet: con http:// tu contraseña viajaría sin cifrar.',
    );
  }
  let pathname = url.pathname.replace(/\/+$/, '');
  if (pathname.endsWith('/api')) pathname = pathname.slice(0, -4);
  const serverUrl = url.origin + pathname;
  return { serverUrl, apiUrl: `${serverUrl}/api`, origin: url.origin };
}

const SettingsFileSchema = z.object({ serverUrl: z.string().optional() });
export type Settings = z.infer<typeof SettingsFileSchema>;

/** The app's few preferences, remembered in a JSON file in userData. */
export function createSettingsStore(filePath: string) {
  return {
    async load(): Promise<Settings> {
      try {
        const parsed = SettingsFileSchema.safeParse(JSON.parse(await readFile(filePath, 'utf8')));
        return parsed.success ? parsed.data : {};
      } catch {
        return {};
      }
    },
    async save(settings: Settings): Promise<void> {
      await mkdir(path.dirname(filePath), { recursive: true });
      const tmp = `${filePath}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(settings, null, 2), { mode: 0o600 });
      await rename(tmp, filePath);
    },
  };
}
