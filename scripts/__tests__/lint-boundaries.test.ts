import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Lints `code` as if it were the file at `file` and returns the messages of the rules named. */
async function ruleErrors(eslint: ESLint, file: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
}

const boundaryErrors = (eslint: ESLint, file: string, code: string) =>
  ruleErrors(eslint, file, code, ['import-x/no-restricted-paths']);

const envErrors = (eslint: ESLint, file: string, code: string) =>
  ruleErrors(eslint, file, code, ['no-restricted-properties', 'no-restricted-imports']);

// The real config, with the type-aware rules off so the check does not build five TS programs.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [
      {
        ...tseslint.configs.disableTypeChecked,
        languageOptions: { parserOptions: { project: false, program: null } },
      },
    ],
  });
});

describe('the lint config enforces the module boundaries', () => {
  it.each([
    ['shared never imports an app', 'shared/src/config/probe.ts', "import '../../../server/src/app';"],
    ['apps never import each other', 'website/src/lib/probe.ts', "import '../../../server/src/env';"],
    ['app tests never import another app', 'website/e2e/probe.test.ts', "import '../../server/src/env';"],
    ['desktop never imports the website', 'desktop/src/lib/probe.ts', "import '../../../website/src/config/paths';"],
    ['features never import each other', 'website/src/features/plans/probe.ts', "import '../gallery/lightbox';"],
    [
      'the renderer never imports the main process',
      'desktop/src/lib/probe.ts',
      "import '../../electron/main/security';",
    ],
    ['server domain code never imports HTTP', 'server/src/images/probe.ts', "import '../middleware/errors';"],
    ['the calendar never imports routes', 'server/src/calendar/probe.ts', "import '../routes/api';"],
  ])('%s', async (_name, file, code) => {
    expect(await boundaryErrors(eslint, file, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature may import shared code of its app',
      'website/src/features/plans/probe.ts',
      "import '../../config/paths';",
    ],
    ['a route may combine features', 'website/src/app/routes/probe.ts', "import '../../features/gallery/lightbox';"],
    ['an app may import shared/', 'server/src/probe.ts', "import '../../shared/src/config/limits';"],
  ])('%s', async (_name, file, code) => {
    expect(await boundaryErrors(eslint, file, code)).toEqual([]);
  });
});

describe('the lint config keeps configuration in one module per process', () => {
  it.each([
    ['server code', 'server/src/db/probe.ts', 'export const verify = process.env.CABANA_STORE_VERIFY;'],
    ['a command-line tool', 'server/src/cli/probe.ts', 'export const dir = process.env.DATA_DIR;'],
    ['server code, destructuring', 'server/src/lib/probe.ts', 'export const { env } = process;'],
    ['server code, by name', 'server/src/lib/probe.ts', "import { env } from 'node:process';\nexport const e = env;"],
    ['shared code', 'shared/src/config/probe.ts', 'export const tz = process.env.TZ;'],
    ['the website', 'website/src/lib/probe.ts', 'export const url = process.env.API_URL;'],
    ['the desktop main process', 'desktop/electron/lib/probe.ts', 'export const url = process.env.API_URL;'],
  ])('%s never reads process.env', async (_name, file, code) => {
    expect(await envErrors(eslint, file, code)).toHaveLength(1);
  });

  it.each([
    ["the server's config module", 'server/src/env.ts'],
    ["the command-line tools' config module", 'server/src/cli/cli-env.ts'],
    ["the desktop main process's entry", 'desktop/electron/main/index.ts'],
    ['a server test', 'server/test/probe.test.ts'],
    ['a unit test', 'shared/src/config/__tests__/probe.test.ts'],
    ['an e2e test', 'website/e2e/probe.test.ts'],
    ['a bench', 'server/bench/probe.ts'],
    ['a build script', 'website/scripts/probe.ts'],
    ['a build config', 'desktop/vite.config.ts'],
    ['test support', 'test-support/probe.ts'],
  ])('%s may read process.env', async (_name, file) => {
    expect(await envErrors(eslint, file, 'export const dir = process.env.DATA_DIR;')).toEqual([]);
  });
});
