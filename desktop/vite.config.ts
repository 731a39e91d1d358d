import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';
import { MEDIA_SCHEME } from './contract/media';

/**
 * The renderer's CSP. It talks to main only (no fetch, no sockets) and shows only images of its
 * own, data: and blob: URLs (previews) and the server's photos through main's `cabana-media:`
 * protocol: never a URL on the network. Dev adds what Vite's HMR needs.
 */
export function rendererCsp(dev: boolean): string {
  return [
    "default-src 'none'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src 'self' data: blob: ${MEDIA_SCHEME}:`,
    "font-src 'self'",
    dev ? "connect-src 'self' ws: http://localhost:*" : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
  ].join('; ');
}

function cspMeta(): Plugin {
  let dev = false;
  return {
    name: 'desktop-csp',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: rendererCsp(dev) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** Electron's binary is not always installed (CI, this machine): then dev serves the renderer only. */
function electronBinaryPresent(): boolean {
  try {
    const require = createRequire(import.meta.url);
    const binary = require('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary);
  } catch {
    return false;
  }
}

export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  plugins: [
    react(),
    cspMeta(),
    electron({
      main: {
        entry: 'electron/main/index.ts',
        onstart: async ({ startup }) => {
          // startup() passes --no-sandbox by default (Linux dev setups lack the setuid helper):
          // development only; packaged builds run with Chromium's OS sandbox.
          if (electronBinaryPresent()) await startup();
          else console.warn('[desktop] Electron binary not installed: serving the renderer only.');
        },
        vite: {
          build: {
            outDir: 'dist-electron',
            // sharp is native: it stays in node_modules (unpacked from the asar).
            rolldownOptions: { external: ['sharp'], output: { entryFileNames: 'main.js' } },
          },
        },
      },
      preload: {
        input: 'electron/preload/index.ts',
        onstart: ({ reload }) => {
          if (electronBinaryPresent()) reload();
        },
        vite: {
          build: {
            outDir: 'dist-electron',
            // A sandboxed preload must be one CommonJS file.
            rolldownOptions: { output: { format: 'cjs', entryFileNames: 'preload.cjs' } },
          },
        },
      },
    }),
  ],
});
