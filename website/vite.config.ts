import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const API = 'http://localhost:8080';

const REACT_NAMED = '\0react-named';

/**
 * react-day-picker writes `import React from 'react'`. A default import of React (a CommonJS
 * package) makes the bundler wrap React in an interop helper in every chunk that uses it, the
 * first load of every page included (about 0.3 KB gzip). Its imports of React are given a module
 * that re-exports only the names it uses, so React stays imported by name everywhere.
 */
function reactByName(): Plugin {
  const names = [
    'createContext',
    'createElement',
    'useCallback',
    'useContext',
    'useEffect',
    'useLayoutEffect',
    'useMemo',
    'useRef',
    'useState',
  ];
  return {
    name: 'react-by-name',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === 'react' && importer?.replace(/\\/g, '/').includes('/node_modules/react-day-picker/'))
        return REACT_NAMED;
      return null;
    },
    load(id) {
      if (id !== REACT_NAMED) return null;
      const list = names.join(', ');
      return `import { ${list} } from 'react';\nexport { ${list} };\nexport default { ${list} };\n`;
    },
  };
}

export default defineConfig({
  plugins: [reactByName(), react()],
  server: {
    // `npm run dev -w website` talks to the Koa server started with `npm start`.
    proxy: { '/api': API, '/media': API },
  },
  build: {
    target: 'es2022',
    // The manifest lets the server build preload each page's own chunks (scripts/build.ts).
    manifest: true,
    // No preload map for lazily imported chunks: on every page its map and helper cost about 0.7 KB
    // gzip of the first load (the 80 KB budget); a chunk loaded later fetches its own imports, one
    // more round trip at most. Their CSS is still loaded with them.
    modulePreload: false,
    sourcemap: false,
    rollupOptions: {
      // The site and its islands (index.html), and the suggestion of the English page on its own:
      // the one script of a Spanish page without islands (entry-server.tsx).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        hint: fileURLToPath(new URL('./src/hint-entry.ts', import.meta.url)),
      },
      output: {
        // React, React DOM and the scheduler in one chunk every page loads: fewer, better-compressed
        // files than the automatic split (the 80 KB budget, decision record 004). The small modules
        // every page also loads (the business facts' defaults and the bundler's
        // lazy-import helper) in one more: three files of a few hundred bytes each cost more gzip
        // than one (/planes: 81,907 -> 81,624 bytes). Both change rarely, so both stay cached. The
        // language helpers and the page table every page uses (decision 028) join them (not the
        // React context of i18n.tsx: the islands' entry loads this chunk before React), and the
        // limits every form page loads (one file less on /planes: 81,936 -> 81,857 bytes; about
        // 250 more on the pages without a form, which have kilobytes to spare).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'base',
              test: /shared[\\/]src[\\/]domain[\\/](config[\\/](business|settings|limits)|i18n[\\/]lang)\.ts$|website[\\/]src[\\/]config[\\/]paths\.ts$|preload-helper|rolldown[\\/]runtime/,
            },
            // The stay's dates, money and nights, which /planes loaded in three files (81,594 -> 81,223 bytes).
            {
              name: 'stay',
              test: /shared[\\/]src[\\/]domain[\\/](pricing[\\/](dates|pricing)|availability[\\/]ranges)\.ts$|website[\\/]src[\\/]lib[\\/]stay\.ts$/,
            },
          ],
        },
      },
    },
  },
});
