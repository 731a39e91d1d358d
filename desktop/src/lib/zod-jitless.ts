import { config } from 'zod';

// zod 4 probes `new Function` to compile fast parsers; under our CSP (no 'unsafe-eval') that
// probe is a CSP violation. Jitless mode parses the same way without it.
config({ jitless: true });
