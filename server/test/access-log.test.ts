import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { REPO_ROOT } from '../src/env';

/**
 * Issue 19 item 14: the deployment's access log (visitors' addresses) is rotated by time and kept
 * no longer than /privacidad says. Debian's Caddy 2.6 adapts deploy/Caddyfile, and the real
 * logrotate runs deploy/cabana-access.logrotate over simulated days.
 */
const run = promisify(execFile);
const CONF = join(REPO_ROOT, 'deploy/cabana-access.logrotate');

async function caddyUser(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'caddy']), run('id', ['-g', 'caddy'])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return undefined;
  }
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cabana-access-log-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("Caddy's access log", () => {
  it('is not rolled by Caddy itself (2.6 rolls by size only, keeping old lines for months)', async () => {
    const { stdout } = await run('/usr/bin/caddy', [
      'adapt',
      '--config',
      join(REPO_ROOT, 'deploy/Caddyfile'),
      '--adapter',
      'caddyfile',
    ]);
    const logs = (JSON.parse(stdout) as { logging: { logs: Record<string, { writer?: Record<string, unknown> }> } })
      .logging.logs;
    const writers = Object.values(logs).flatMap((l) => (l.writer ? [l.writer] : []));
    expect(writers).toEqual([{ output: 'file', filename: '/var/log/caddy/cabana-access.log', roll: false }]);
    expect(await readFile(CONF, 'utf8')).toContain('/var/log/caddy/cabana-access.log {');
  });

  it(`keeps no line older than the ${BUSINESS.accessLogRetentionDays} days /privacidad states`, async () => {
    const text = await readFile(CONF, 'utf8');
    const rotate = Number(/^\s*rotate (\d+)$/m.exec(text)?.[1]);
    const maxage = Number(/^\s*maxage (\d+)$/m.exec(text)?.[1]);
    expect(text).toMatch(/^\s*daily$/m);
    // A rotated file holds one day; the current one up to a day and the hours until the daily run.
    expect(rotate + 1).toBeLessThan(BUSINESS.accessLogRetentionDays);
    expect(maxage).toBeLessThan(BUSINESS.accessLogRetentionDays);

    // The real logrotate over 20 days of traffic, each day's run forced (-f) as the daily timer would.
    const log = join(work, 'cabana-access.log');
    // As root (as deployed) it works as Debian's `caddy` user, which owns the log; otherwise as
    // whoever runs the tests.
    const caddy = process.getuid?.() === 0 ? await caddyUser() : undefined;
    let conf = text.replace('/var/log/caddy/cabana-access.log', log);
    if (caddy) await chown(work, caddy.uid, caddy.gid);
    else conf = conf.replace(/^\s*su .*$/m, '');
    await writeFile(join(work, 'logrotate.conf'), conf, { mode: 0o644 });
    const days = 20;
    for (let day = 1; day <= days; day++) {
      await writeFile(log, `{"remote_ip":"203.0.113.${day}","msg":"día ${day}"}\n`, { flag: 'a' });
      if (caddy) await chown(log, caddy.uid, caddy.gid);
      await run('/usr/sbin/logrotate', ['-f', '-s', join(work, 'state'), join(work, 'logrotate.conf')]);
    }
    const kept: number[] = [];
    for (const name of await readdir(work)) {
      if (!name.startsWith('cabana-access.log')) continue;
      const raw = await readFile(join(work, name));
      const content = name.endsWith('.gz') ? gunzipSync(raw).toString() : raw.toString();
      for (const m of content.matchAll(/día (\d+)/g)) kept.push(Number(m[1]));
    }
    kept.sort((a, b) => a - b);
    console.log(`access log after ${days} daily rotations: days ${kept[0]}–${kept.at(-1)} kept`);
    expect(kept).toEqual(Array.from({ length: rotate }, (_, i) => days - rotate + 1 + i));
  });
});
