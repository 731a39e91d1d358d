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
    ['shared never imports an app', 'shared/src/domain/config/probe.ts', "import '../../../../server/src/app';"],
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
    // shared/'s zones (docs/decisions/033-shared-entry-points.md).
    ['the server never imports the admin panel', 'server/src/probe.ts', "import '@cabana/shared/admin-ui/admin-api';"],
    [
      'server tests never import the admin panel',
      'server/test/probe.test.ts',
      "import '@cabana/shared/admin-ui/api-error';",
    ],
    ['the server never imports browser code', 'server/src/lib/probe.ts', "import '@cabana/shared/browser/upload';"],
    ['the server never imports React', 'server/src/probe.ts', "import 'react';"],
    ['the server never imports React Query', 'server/src/probe.ts', "import '@tanstack/react-query';"],
    [
      "the desktop's main process never imports the admin panel",
      'desktop/electron/lib/probe.ts',
      "import '@cabana/shared/admin-ui/admin-api';",
    ],
    [
      "the desktop's main process never imports browser code",
      'desktop/electron/main/probe.ts',
      "import '@cabana/shared/browser/upload';",
    ],
    [
      'the IPC contract never imports the admin panel',
      'desktop/contract/probe.ts',
      "import '../../shared/src/admin-ui/admin-api';",
    ],
    ['domain never imports api', 'shared/src/domain/schemas/probe.ts', "import '../../api/errors';"],
    ['domain never imports browser code', 'shared/src/domain/pricing/probe.ts', "import '../../browser/upload';"],
    ['domain never imports the admin panel', 'shared/src/domain/lib/probe.ts', "import '../../admin-ui/query-client';"],
    ['domain never imports React', 'shared/src/domain/config/probe.ts', "import 'react';"],
    ['api never imports browser code', 'shared/src/api/probe.ts', "import '../browser/upload';"],
    ['api never imports the admin panel', 'shared/src/api/probe.ts', "import '../admin-ui/admin-api';"],
    ['api never imports React', 'shared/src/api/probe.ts', "import { useState } from 'react';"],
    ['browser code never imports the admin panel', 'shared/src/browser/probe.ts', "import '../admin-ui/api-error';"],
    ["the server's benches never import test support", 'server/bench/probe.ts', "import '../../test-support/server';"],
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
    ['an app may import shared/', 'server/src/probe.ts', "import '../../shared/src/domain/config/limits';"],
    ['the server may import domain', 'server/src/probe.ts', "import '@cabana/shared/domain/schemas/enquiry';"],
    ['the server may import api', 'server/src/probe.ts', "import '@cabana/shared/api/contract';"],
    [
      "the desktop's main process may import api",
      'desktop/electron/lib/probe.ts',
      "import '@cabana/shared/api/errors';",
    ],
    ['api may import domain', 'shared/src/api/probe.ts', "import '../domain/schemas/errors';"],
    ['browser code may import api', 'shared/src/browser/probe.ts', "import '../api/errors';"],
    ['the admin panel may import every zone', 'shared/src/admin-ui/probe.ts', "import '../browser/upload';"],
    ['the admin panel may import React', 'shared/src/admin-ui/probe.ts', "import '@tanstack/react-query';"],
    [
      'the renderer may import the admin panel',
      'desktop/src/lib/probe.ts',
      "import '@cabana/shared/admin-ui/admin-api';",
    ],
    ['the website may import browser code', 'website/src/lib/probe.ts', "import '@cabana/shared/browser/upload';"],
    ["the server's benches may import the server's fixtures", 'server/bench/probe.ts', "import '../fixtures/server';"],
    ['server tests may import test support', 'server/test/probe.test.ts', "import '../../test-support/server';"],
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
    ['shared code', 'shared/src/domain/config/probe.ts', 'export const tz = process.env.TZ;'],
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
    ['a unit test', 'shared/src/domain/config/__tests__/probe.test.ts'],
    ['an e2e test', 'website/e2e/probe.test.ts'],
    ['a bench', 'server/bench/probe.ts'],
    ['a build script', 'website/scripts/probe.ts'],
    ['a build config', 'desktop/vite.config.ts'],
    ['test support', 'test-support/probe.ts'],
  ])('%s may read process.env', async (_name, file) => {
    expect(await envErrors(eslint, file, 'export const dir = process.env.DATA_DIR;')).toEqual([]);
  });
});
