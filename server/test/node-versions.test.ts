import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env';
import { startServerProcess } from './helpers/run-tool';

/**
 * Issue 19 item 15: Node 20 reached its end of life on 2026-04-30. The deployment installs a
 * supported LTS; the code keeps running on 20.19 (these machines) and uses nothing Node removed
 * since, which it would have deprecated first.
 */
const SUPPORTED_LTS = [22, 24];

describe('Node.js versions', () => {
  it('the deployment recipe installs a supported LTS, not Node 20', async () => {
    const recipe = await readFile(join(REPO_ROOT, 'deploy/README.md'), 'utf8');
    const lines = [...recipe.matchAll(/deb\.nodesource\.com\/node_(\d+)\.x/g)].map((m) => Number(m[1]));
    expect(lines.length).toBeGreaterThan(0);
    for (const major of lines) expect(SUPPORTED_LTS).toContain(major);
    expect(recipe).not.toMatch(/nodesource_20|setup_20|node_20\.x|v20\.19 or newer/);
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/Production\s+should run Node\.js 24 LTS/);
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('the server starts and serves with every deprecation an error (what Node 22 and 24 removed was deprecated first)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-node-'));
    const server = await startServerProcess(
      {
        DATA_DIR: dir,
        ADMIN_PASSWORD: 'una frase de paso larga para las pruebas',
        SEED_SAMPLE_PHOTOS: 'true',
      },
      { nodeArgs: ['--throw-deprecation', '--pending-deprecation'] },
    );
    const { url } = server;
    try {
      // The sample photos go through the image pipeline (sharp) after the server listens.
      type Listed = { variants: { url: string }[] }[];
      let images: Listed = [];
      for (let i = 0; i < 900 && images.length === 0; i++) {
        images = (await (await fetch(`${url}/api/imagenes`)).json()) as Listed;
        if (images.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(images.length).toBeGreaterThan(0);
      expect((await fetch(`${url}${images[0]!.variants[0]!.url}`)).status).toBe(200);
      const signIn = await fetch(`${url}/api/sesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({
          email: 'admin@brisasdelgolfo.co',
          password: 'una frase de paso larga para las pruebas',
        }),
      });
      expect(signIn.status).toBe(200);
      const token = (await (await fetch(`${url}/api/consultas/token`)).json()) as { token: string };
      expect(token.token).toMatch(/\./);
      expect(server.proc.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/DeprecationWarning|\[DEP\d+\]/);
    } finally {
      await server.stop('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
