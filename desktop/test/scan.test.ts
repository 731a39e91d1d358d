import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandPaths } from '../electron/lib/scan';
import { acceptedImageKind } from '@cabana/shared/domain/images/sniff';
import { readImageKind } from '../electron/lib/file-type';
import { tempDir } from './helpers/temp';
import { makePhoto } from './helpers/photos';

describe('folder scan', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('expands folders recursively, skips hidden entries, does not follow folder links', async () => {
    await mkdir(path.join(dir, 'viaje', 'dia 2', '.cache'), { recursive: true });
    await writeFile(path.join(dir, 'viaje', 'a.jpg'), 'a');
    await writeFile(path.join(dir, 'viaje', 'dia 2', 'b.jpg'), 'bb');
    await writeFile(path.join(dir, 'viaje', 'dia 2', '.DS_Store'), 'x');
    await writeFile(path.join(dir, 'viaje', 'dia 2', '.cache', 'c.jpg'), 'c');
    await writeFile(path.join(dir, 'suelta.png'), 'ddd');
    await symlink(path.join(dir, 'viaje'), path.join(dir, 'viaje', 'dia 2', 'bucle'));
    const result = await expandPaths([
      path.join(dir, 'viaje'),
      path.join(dir, 'suelta.png'),
      path.join(dir, 'no-existe.jpg'),
    ]);
    expect(result.files.map((f) => path.relative(dir, f.path))).toEqual([
      path.join('viaje', 'a.jpg'),
      path.join('viaje', 'dia 2', 'b.jpg'),
      'suelta.png',
    ]);
    expect(result.files.map((f) => f.size)).toEqual([1, 2, 3]);
    expect(result.unreadable).toEqual([
      { path: path.join(dir, 'no-existe.jpg'), reason: 'No se pudo leer el archivo.' },
    ]);
  });

  it('stops at maxFiles', async () => {
    for (let i = 0; i < 5; i++) await writeFile(path.join(dir, `f${i}.jpg`), 'x');
    expect((await expandPaths([dir], { maxFiles: 3 })).files).toHaveLength(3);
  });
});

describe('file type by content', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('recognises the accepted formats by magic bytes, not by name', async () => {
    expect(acceptedImageKind(await makePhoto({ width: 16, height: 16 }))).toBe('jpeg');
    expect(acceptedImageKind(await makePhoto({ width: 16, height: 16, format: 'png' }))).toBe('png');
    expect(acceptedImageKind(await makePhoto({ width: 16, height: 16, format: 'webp' }))).toBe('webp');
    const ftyp = (major: string, ...compat: string[]) => {
      const body = Buffer.from(major + '\0\0\0\0' + compat.join(''), 'latin1');
      const size = Buffer.alloc(4);
      size.writeUInt32BE(8 + body.length);
      return Buffer.concat([size, Buffer.from('ftyp'), body]);
    };
    expect(acceptedImageKind(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(acceptedImageKind(ftyp('mif1', 'avif'))).toBe('avif');
    expect(acceptedImageKind(ftyp('heic', 'mif1'))).toBe('heic');
    expect(acceptedImageKind(ftyp('isom', 'mp41'))).toBeNull(); // an MP4 video
    expect(acceptedImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(acceptedImageKind(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(acceptedImageKind(new Uint8Array())).toBeNull();
  });

  it('reads the kind of a file on disk from its first bytes, whatever its name', async () => {
    await writeFile(path.join(dir, 'foto.svg'), await makePhoto({ width: 16, height: 16, format: 'png' }));
    await writeFile(path.join(dir, 'foto.jpg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'vacia.jpg'), '');
    expect(await readImageKind(path.join(dir, 'foto.svg'))).toBe('png');
    expect(await readImageKind(path.join(dir, 'foto.jpg'))).toBeNull();
    expect(await readImageKind(path.join(dir, 'vacia.jpg'))).toBeNull();
    await expect(readImageKind(path.join(dir, 'no-existe.jpg'))).rejects.toThrow();
  });
});
