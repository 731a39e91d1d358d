import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The desktop workspace; its build (dist, dist-electron) is made by test/global-setup.ts. */
export const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
