/**
 * Benchmark (not a test): 50 generated 12-MP JPEGs through the desktop upload queue to a real
 * local server running in a child process. Reports bytes sent against the originals, total
 * time, and the peak RSS of the uploading process (measured in its own child process, so
 * generating the photos does not count).
 *
 *   npm run bench -w desktop            # downscaled (the app's behaviour) and, for contrast, originals
 *   BENCH_PHOTOS=20 npm run bench -w desktop
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 50);
const UNIQUE = Math.min(10, PHOTOS);
const cacheDir = path.join(os.tmpdir(), `cabana-bench-photos-${PHOTOS}`);

interface UploadResult {
  mode: string;
  files: number;
  uploaded: number;
  failed: number;
  bytesOriginal: number;
  bytesSent: number;
  ms: number;
  peakRssMb: number;
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function generatePhotos(): Promise<void> {
  if (existsSync(cacheDir) && (await readdir(cacheDir)).length === PHOTOS) return;
  const { makePhoto } = await import('../test/helpers/photos');
  await mkdir(cacheDir, { recursive: true });
  const started = Date.now();
  // Ten distinct 4000×3000 photos with grain and EXIF (GPS, orientation), copied to 50 names:
  // rendering each takes seconds and identical pixels cost the pipeline the same work.
  const unique: string[] = [];
  for (let i = 0; i < UNIQUE; i++) {
    const file = path.join(cacheDir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
    await writeFile(
      file,
      await makePhoto({ width: 4000, height: 3000, seed: i + 1, gps: true, orientation: i % 3 === 0 ? 6 : 1 }),
    );
    unique.push(file);
  }
  for (let i = UNIQUE; i < PHOTOS; i++) {
    await copyFile(unique[i % UNIQUE]!, path.join(cacheDir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`));
  }
  console.log(`generated ${PHOTOS} photos in ${((Date.now() - started) / 1000).toFixed(1)} s → ${cacheDir}`);
}

/** Child mode: sign in and push the folder through the same service main uses. */
async function uploadChild(folder: string, url: string, email: string, password: string, mode: string): Promise<void> {
  const { createDesktopService } = await import('../electron/lib/desktop-service');
  const userDataDir = await import('node:fs/promises').then((fs) =>
    fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-user-')),
  );
  const service = createDesktopService({
    userDataDir,
    safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    downscale: mode === 'originals' ? { maxEdge: 100_000, smallBytes: Number.MAX_SAFE_INTEGER } : undefined,
  });
  await service.init();
  await service.setServer(url);
  await service.login(email, password);
  // As the window does when the owner drops the folder on it: only such paths may be added.
  service.grantDroppedPath(folder);
  const started = performance.now();
  const added = await service.addUploadPaths([folder]);
  await service.startUploads();
  await service.uploadsIdle();
  const ms = performance.now() - started;
  const summary = service.getUploads().summary!;
  const result: UploadResult = {
    mode,
    files: added.added,
    uploaded: summary.uploaded,
    failed: summary.failed,
    bytesOriginal: summary.bytesOriginal,
    bytesSent: summary.bytesSent,
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

function runChild([script, ...args]: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script!), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === '--upload') {
    const [, , , folder, url, email, password, mode] = process.argv;
    await uploadChild(folder!, url!, email!, password!, mode ?? 'downscaled');
    return;
  }
  await generatePhotos();
  const originals = (await Promise.all((await readdir(cacheDir)).map((f) => stat(path.join(cacheDir, f))))).reduce(
    (s, st) => s + st.size,
    0,
  );
  console.log(`${PHOTOS} photos, 4000×3000, ${mb(originals)} MB in total`);

  const results: UploadResult[] = [];
  for (const mode of ['downscaled', 'originals']) {
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server-child.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve) =>
        readline.createInterface({ input: server.stdout }).once('line', resolve),
      );
      const info = JSON.parse(line) as { url: string; email: string; password: string };
      const out = await runChild(['bulk-upload.ts', '--upload', cacheDir, info.url, info.email, info.password, mode]);
      const resultLine = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (!resultLine) throw new Error(`no result from uploader: ${out}`);
      results.push(JSON.parse(resultLine.slice(7)) as UploadResult);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }

  const uplinkMbit = 2; // a weak rural uplink
  console.log(
    '\nmode        files  ok  fail  originals MB  sent MB  sent/orig  total s  peak RSS MB  est. at 2 Mbit/s',
  );
  for (const r of results) {
    const est = (r.bytesSent * 8) / (uplinkMbit * 1_000_000) / 60;
    console.log(
      `${r.mode.padEnd(11)} ${String(r.files).padStart(5)} ${String(r.uploaded).padStart(3)} ${String(r.failed).padStart(5)}` +
        ` ${mb(r.bytesOriginal).padStart(13)} ${mb(r.bytesSent).padStart(8)} ${((r.bytesSent / r.bytesOriginal) * 100).toFixed(1).padStart(9)}%` +
        ` ${(r.ms / 1000).toFixed(1).padStart(8)} ${r.peakRssMb.toFixed(0).padStart(12)} ${est.toFixed(1).padStart(12)} min`,
    );
  }
}

await main();
