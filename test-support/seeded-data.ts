import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../server/src/env';
import { startTestServer, type TestServer } from './server';
import { makePhoto } from './photo';

/**
 * What a fixture's data depends on besides its own recipe: the image pipeline, the store and the
 * shared schemas. A change to any of them makes every fixture again.
 */
const FIXTURE_INPUTS = ['server/src/images', 'server/src/db', 'shared/src/domain', 'test-support/photo.ts'];

async function filesUnder(p: string): Promise<string[]> {
  const stat = await fs.stat(p);
  if (!stat.isDirectory()) return [p];
  const entries = await fs.readdir(p, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** A short hash of the fixture's name and recipe and of the sources its data depends on. */
async function fixtureKey(name: string, recipe: string): Promise<string> {
  const hash = createHash('sha256').update(name).update(recipe);
  for (const input of FIXTURE_INPUTS) {
    for (const file of await filesUnder(path.join(REPO_ROOT, input))) {
      hash.update(path.relative(REPO_ROOT, file)).update(await fs.readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder made by `build` (given a test server started on it) once, and a fresh copy of it
 * for each caller, which the caller removes when done (a server locks and writes its folder).
 * Pushing 12-MP photos through the real pipeline takes seconds each, so the made folder is kept
 * in the temp folder under a key of the fixture's name, the source of `build` and the sources its
 * data depends on (FIXTURE_INPUTS): the first test file that needs it in a run makes it (or an
 * earlier run did, on the same code), every other one copies it. Two processes making it at once
 * both finish; the first to rename its folder into place wins.
 */
export async function fixtureDataDir(
  name: string,
  build: (server: TestServer) => Promise<void>,
  log: (msg: string) => void = console.log,
): Promise<string> {
  const cache = path.join(os.tmpdir(), `cabana-fixture-${name}-${await fixtureKey(name, build.toString())}`);
  if (!existsSync(path.join(cache, '.ready'))) {
    const started = Date.now();
    const making = await fs.mkdtemp(`${cache}.making-`);
    const server = await startTestServer({ dataDir: making });
    try {
      await build(server);
    } finally {
      await server.close();
    }
    await fs.writeFile(path.join(making, '.ready'), '');
    await fs.rename(making, cache).catch(() => fs.rm(making, { recursive: true, force: true }));
    log(`[fixture] ${name} made in ${((Date.now() - started) / 1000).toFixed(0)} s → ${cache}`);
  }
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), `cabana-${name}-`));
  await fs.cp(cache, copy, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });
  return copy;
}

/** Distinct pictures drawn; the rest of the 24 reuse them (the pipeline does the same work for each). */
const DISTINCT = 6;

/**
 * A data folder with `count` published 12-MP photos that went through the real pipeline (a
 * fixture: made once, copied for each caller).
 */
export async function seededDataDir(count = 24, log: (msg: string) => void = console.log): Promise<string> {
  return fixtureDataDir(
    `bench-${count}`,
    async (server) => {
      const drawn = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-photos-'));
      try {
        const photos: string[] = [];
        for (let i = 0; i < Math.min(DISTINCT, count); i++) {
          const file = path.join(drawn, `photo-${i}.jpg`);
          await makePhoto(file, i);
          photos.push(file);
        }
        for (let i = 0; i < count; i++) {
          await server.running.deps.images.create(
            photos[i % photos.length]!,
            { title: `Foto ${i + 1} de la cabaña`, description: 'Vista de la cabaña y del mar.', tags: 'bench' },
            'published',
          );
        }
      } finally {
        await fs.rm(drawn, { recursive: true, force: true });
      }
    },
    log,
  );
}
