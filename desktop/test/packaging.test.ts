import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopDir } from './helpers/build';
import { tempDir } from './helpers/temp';

const require = createRequire(path.join(desktopDir, 'package.json'));

interface Target {
  target: string;
}
interface BuilderConfig {
  asar?: boolean;
  disableAsarIntegrity?: boolean;
  electronFuses?: Record<string, boolean>;
  files: { filter: string[] }[] | string[];
  asarUnpack: string[];
  linux: { target: (string | Target)[] };
  win: { target: (string | Target)[] };
  mac: { target: (string | Target)[] };
}

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (dir: string, file: string, opts: null) => Promise<BuilderConfig>;
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util/out/DebugLogger') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

async function builderConfig(): Promise<BuilderConfig> {
  const config = await getConfig(desktopDir, path.join(desktopDir, '..', 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('packaging (electron-builder.yml)', () => {
  it('passes electron-builder’s own schema and targets Linux, Windows and macOS', async () => {
    const config = await builderConfig();
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

  it('flips Electron’s fuses: no run-as-node, NODE_OPTIONS or --inspect; only a checked app.asar', async () => {
    const config = await builderConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      // The UI loads from file:// as ES modules (CORS requests the fuse would refuse there).
      grantFileProtocolExtraPrivileges: true,
    });
    // Integrity validation needs the asar and the hash electron-builder embeds beside it.
    expect(config.asar).not.toBe(false);
    expect(config.disableAsarIntegrity).not.toBe(true);

    // What packaging does with them: electron-builder's own conversion, then @electron/fuses on a
    // stand-in binary (Electron's sentinel, wire version 1, eight fuses at Electron's defaults).
    const { PlatformPackager } = require('app-builder-lib') as {
      PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<unknown> } };
    };
    const fuses = require('@electron/fuses') as {
      flipFuses(file: string, config: unknown): Promise<number>;
      getCurrentFuseWire(file: string): Promise<Record<string, unknown>>;
      FuseV1Options: Record<string, number | string>;
    };
    const { SENTINEL } = require('@electron/fuses/dist/constants') as { SENTINEL: string };
    const fuseConfig = await PlatformPackager.prototype.generateFuseConfig.call(null, config.electronFuses);
    const { dir, cleanup } = await tempDir();
    try {
      const binary = path.join(dir, 'brisas-del-golfo-admin');
      const defaults = '10110001';
      await writeFile(
        binary,
        Buffer.concat([Buffer.alloc(64, 0x7f), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(defaults)]),
      );
      await fuses.flipFuses(binary, fuseConfig);
      const wire = await fuses.getCurrentFuseWire(binary);
      const state = (name: string) => String.fromCharCode(wire[fuses.FuseV1Options[name] as number] as number);
      expect({
        RunAsNode: state('RunAsNode'),
        EnableCookieEncryption: state('EnableCookieEncryption'),
        EnableNodeOptionsEnvironmentVariable: state('EnableNodeOptionsEnvironmentVariable'),
        EnableNodeCliInspectArguments: state('EnableNodeCliInspectArguments'),
        EnableEmbeddedAsarIntegrityValidation: state('EnableEmbeddedAsarIntegrityValidation'),
        OnlyLoadAppFromAsar: state('OnlyLoadAppFromAsar'),
        LoadBrowserProcessSpecificV8Snapshot: state('LoadBrowserProcessSpecificV8Snapshot'),
        GrantFileProtocolExtraPrivileges: state('GrantFileProtocolExtraPrivileges'),
      }).toEqual({
        RunAsNode: '0',
        EnableCookieEncryption: '1',
        EnableNodeOptionsEnvironmentVariable: '0',
        EnableNodeCliInspectArguments: '0',
        EnableEmbeddedAsarIntegrityValidation: '1',
        OnlyLoadAppFromAsar: '1',
        LoadBrowserProcessSpecificV8Snapshot: '0',
        GrantFileProtocolExtraPrivileges: '1',
      });
    } finally {
      await cleanup();
    }
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
