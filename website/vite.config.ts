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

/**
 * With `modulePreload: false` Vite still wraps every lazy import in its preload helper,
 * `helper(() => import('./x.js'), [])`, which then only calls the function: the helper (about
 * 0.7 KB gzip) would be in every public page's first load. Where a call has no dependencies
 * (every public chunk: their CSS is in the page) it is replaced by the plain `import()`, and
 * the helper, in a chunk of its own (`preload` below), is imported only where it is still used:
 * the owner's app, whose lazy chunks bring their CSS.
 */
function plainLazyImports(): Plugin {
  return {
    name: 'plain-lazy-imports',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const helper = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'preload');
        if (!helper || helper.type !== 'chunk') return;
        const plain = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk === helper) continue;
          const imported = new RegExp(
            `import\\{([^}]*)\\}from"\\./${helper.fileName.replace(/^.*\//, '').replace(/[.$]/g, '\\$&')}";?`,
          ).exec(chunk.code);
          if (!imported) continue;
          const local = imported[1]!.split(',').map((b) =>
            b
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          );
          if (local.length !== 1) continue;
          const name = local[0]!;
          // Vite writes each call as `helper(()=>import(…)…,deps)`: the only free uses of the name
          // (any other `name(` is a local that the minifier gave the same short name).
          const call = `${name}(()=>import(`;
          let code = chunk.code;
          for (let at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
            if (/[\w$.]/.test(code[at - 1] ?? '')) continue;
            // The arrow's body runs to the `,[])` that closes the call at depth 0.
            const body = at + name.length + 5;
            let depth = 0;
            let end = -1;
            for (let i = body; i < code.length; i++) {
              const ch = code[i];
              if (ch === '`' || ch === '"' || ch === "'") {
                i = code.indexOf(ch, i + 1);
                continue;
              }
              if (ch === '(' || ch === '[' || ch === '{') depth++;
              else if (ch === ')' || ch === ']' || ch === '}') depth--;
              else if (depth === 0 && code.startsWith(',[])', i)) {
                end = i;
                break;
              }
              if (depth < 0) break;
            }
            if (end < 0) continue;
            code = `${code.slice(0, at)}(${code.slice(body, end)})${code.slice(end + 4)}`;
          }
          // A call with dependencies (CSS) keeps the helper, and so does the chunk.
          // So does one Vite wrote otherwise (`helper(async()=>{…await import(…)…},deps)`).
          // (The name as a whole word: `requestAnimationFrame(()=>` is no call of a helper named `e`.)
          const uses = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\((?:\\(\\)=>|async)`);
          if (uses.test(code) || code.includes('__vite__mapDeps')) continue;
          chunk.code = code.replace(imported[0], '');
          chunk.imports = chunk.imports.filter((f) => f !== helper.fileName);
          plain.add(chunk.fileName);
        }
        // Vite's manifest (which scripts/build.ts reads for the preloads) was written before.
        const manifest = bundle['.vite/manifest.json'];
        if (manifest?.type !== 'asset') return;
        const entries = JSON.parse(String(manifest.source)) as Record<string, { file: string; imports?: string[] }>;
        const helperKey = Object.keys(entries).find((k) => entries[k]!.file === helper.fileName);
        for (const entry of Object.values(entries))
          if (plain.has(entry.file)) entry.imports = entry.imports?.filter((k) => k !== helperKey);
        manifest.source = JSON.stringify(entries, null, 2);
      },
    },
  };
}

export default defineConfig({
  plugins: [reactByName(), react(), plainLazyImports()],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/ },
            // Vite's lazy-import helper, which only the owner's app still calls (plainLazyImports).
            { name: 'preload', test: /preload-helper/ },
            {
              name: 'base',
              test: /shared[\\/]src[\\/]domain[\\/](config[\\/](business|settings|limits)|i18n[\\/]lang)\.ts$|website[\\/]src[\\/]config[\\/]paths\.ts$/,
            },
            // What hydrates the islands, and the small modules most islands use: one file, not six
            // of a few hundred bytes each (/planes: islands, issue 31).
            {
              name: 'hydrate',
              test: /website[\\/]src[\\/](islands[\\/](hydrate|registry)|lib[\\/](page-data|zod-csp)|i18n[\\/]i18n|components[\\/]ui[\\/](icon|server-markup))\.tsx?$/,
            },
            // Money and the stay's defaults, which /planes and the guest's page load at once. The
            // dates' arithmetic and the pricing by season load with the parts that need them
            // (the form, the summary, the calendar: after the first interaction; issue 31).
            {
              name: 'stay',
              test: /shared[\\/]src[\\/]domain[\\/]pricing[\\/]pricing\.ts$|website[\\/]src[\\/]lib[\\/]stay\.ts$/,
            },
          ],
        },
      },
    },
  },
});
