import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w website` talks to the Koa server started with `npm start`.
    proxy: { '/api': API, '/media': API },
  },
  build: {
    target: 'es2022',
    // The manifest lets the server build preload each page's own chunks (scripts/build.ts).
    manifest: true,
    // Every browser we target supports modulepreload; skip the polyfill bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      output: {
        // React, React DOM and the scheduler in one chunk every page loads: fewer, better-compressed
        // files than the automatic split (the 80 KB budget, decision record 004).
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
