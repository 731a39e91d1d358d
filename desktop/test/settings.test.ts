import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, parseServerUrl, SettingsError } from '../electron/lib/settings';
import { tempDir } from './helpers/temp';

describe('server address', () => {
  it('normalises what the owner types and derives the API base', () => {
    expect(parseServerUrl(' https://brisasdelgolfo.co/ ')).toEqual({
      serverUrl: 'https://brisasdelgolfo.co',
      apiUrl: 'https://brisasdelgolfo.co/api',
      origin: 'https://brisasdelgolfo.co',
    });
    expect(parseServerUrl('brisasdelgolfo.co').serverUrl).toBe('https://brisasdelgolfo.co');
    expect(parseServerUrl('https://example.com/cabana/api/').apiUrl).toBe('https://example.com/cabana/api');
    expect(parseServerUrl('http://127.0.0.1:3000?x=1#y').apiUrl).toBe('http://127.0.0.1:3000/api');
    expect(parseServerUrl('http://192.168.1.10:3000').serverUrl).toBe('http://192.168.1.10:3000');
    expect(parseServerUrl('http://cabana.local').serverUrl).toBe('http://cabana.local');
  });

  it.each([
    ['', 'Escribe la dirección del servidor.'],
    ['ftp://brisasdelgolfo.co', 'https://'],
    ['javascript:alert(1)', 'https://'],
    ['file:///etc/passwd', 'https://'],
    ['https://user:pw@brisasdelgolfo.co', 'usuario'],
    ['http://brisasdelgolfo.co', 'sin cifrar'],
    ['https://exa mple.com', 'no es válida'],
  ])('refuses %j with a Spanish reason', (input, fragment) => {
    expect(() => parseServerUrl(input)).toThrow(SettingsError);
    expect(() => parseServerUrl(input)).toThrow(fragment);
  });
});

describe('settings store', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('remembers the server between runs and survives a damaged file', async () => {
    const file = path.join(dir, 'nested', 'settings.json');
    const store = createSettingsStore(file);
    expect(await store.load()).toEqual({});
    await store.save({ serverUrl: 'https://brisasdelgolfo.co' });
    expect(await createSettingsStore(file).load()).toEqual({ serverUrl: 'https://brisasdelgolfo.co' });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '{not json');
    expect(await store.load()).toEqual({});
  });
});
