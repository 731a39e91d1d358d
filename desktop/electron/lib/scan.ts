import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

interface ScannedFile {
  path: string;
  size: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Paths that could not be read, with a Spanish reason. */
  unreadable: { path: string; reason: string }[];
}

export interface ScanOptions {
  /** Stop collecting after this many files, so a dropped home folder cannot flood the queue. */
  maxFiles?: number;
}

/**
 * Expands dropped files and folders into the files they hold, recursively, in a stable order.
 * Hidden entries (".DS_Store", ".git") are ignored; symlinked folders are not followed, so a
 * link loop cannot trap the scan.
 */
export async function expandPaths(inputs: readonly string[], opts: ScanOptions = {}): Promise<ScanResult> {
  const maxFiles = opts.maxFiles ?? 2_000;
  const files: ScannedFile[] = [];
  const unreadable: ScanResult['unreadable'] = [];
  const seen = new Set<string>();

  async function visit(p: string): Promise<void> {
    if (files.length >= maxFiles) return;
    const abs = path.resolve(p);
    if (seen.has(abs)) return;
    seen.add(abs);
    let info;
    try {
      info = await lstat(abs);
      // A file dropped through a link is still what the owner meant; a linked folder is not walked.
      if (info.isSymbolicLink()) {
        const target = await stat(abs);
        if (!target.isFile()) return;
        info = target;
      }
    } catch {
      unreadable.push({ path: abs, reason: 'No se pudo leer el archivo.' });
      return;
    }
    if (info.isFile()) {
      files.push({ path: abs, size: info.size });
      return;
    }
    if (!info.isDirectory()) return;
    let entries: string[];
    try {
      entries = await readdir(abs);
    } catch {
      unreadable.push({ path: abs, reason: 'No se pudo abrir la carpeta.' });
      return;
    }
    entries.sort((a, b) => a.localeCompare(b, 'es', { numeric: true }));
    for (const name of entries) {
      if (name.startsWith('.')) continue;
      await visit(path.join(abs, name));
    }
  }

  for (const p of inputs) await visit(p);
  return { files, unreadable };
}
