import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Lints `code` as if it were the file at `file` and returns the boundary rule's messages. */
async function boundaryErrors(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

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
