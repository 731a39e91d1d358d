/**
 * zod 4 probes `new Function()` to compile fast parsers; our CSP (script-src 'self', no
 * 'unsafe-eval') blocks that and the browser reports a violation. zod reads its settings from
 * this global, so setting it before zod loads turns the probe off without bundling zod here.
 */
const g = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
