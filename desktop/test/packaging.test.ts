import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopDir } from './helpers/build';

const require = createRequire(path.join(desktopDir, 'package.json'));

interface Target {
  target: string;
}
interface BuilderConfig {
  files: { filter: string[] }[] | string[];
  asarUnpack: string[];
  linux: { target: (string | Target)[] };
  win: { target: (string | Target)[] };
  mac: { target: (string | Target)[] };
}

describe('packaging (electron-builder.yml)', () => {
  it('passes electron-builder’s own schema and targets Linux, Windows and macOS', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig(dir: string, file: string, opts: null): Promise<BuilderConfig>;
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util/out/DebugLogger') as {
      DebugLogger: new (enabled: boolean) => unknown;
    };
    const config = await getConfig(desktopDir, path.join(desktopDir, '..', 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    await expect(
      validateConfiguration({ ...config, linux: { nonsense: true } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration/i);

    const names = (list: (string | Target)[]) => list.map((t) => (typeof t === 'string' ? t : t.target));
    expect(names(config.linux.target)).toEqual(['AppImage', 'deb']);
    expect(names(config.win.target)).toEqual(['nsis']);
    expect(names(config.mac.target)).toEqual(['dmg']);

    const files = config.files.flatMap((f) => (typeof f === 'string' ? [f] : f.filter));
    expect(files).toEqual(expect.arrayContaining(['package.json', 'dist/**/*', 'dist-electron/**/*', '!**/*.map']));
    expect(files.some((f) => /^src|^electron\/|^test/.test(f))).toBe(false);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/sharp/**/*']));
  });

  it('ships only sharp as a runtime dependency; everything else is bundled by Vite', async () => {
    const pkg = JSON.parse(await readFile(path.join(desktopDir, 'package.json'), 'utf8')) as {
      main: string;
      version: string;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.main).toBe('dist-electron/main.js');
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(pkg.dependencies)).toEqual(['sharp']);
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['react', 'react-dom', 'electron']));
    // The main bundle keeps sharp external and inlines the rest (zod, shared code).
    const main = await readFile(path.join(desktopDir, 'dist-electron', 'main.js'), 'utf8');
    const imports = [...main.matchAll(/^import\s.*?from\s+"([^"]+)"/gm)].map((m) => m[1]!);
    expect(imports.filter((m) => !m.startsWith('node:')).sort()).toEqual(['electron', 'sharp']);
  });
});
