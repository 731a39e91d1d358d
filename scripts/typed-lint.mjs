// The type-check of every TypeScript project and ESLint's type-aware rules, in one process that
// builds each project's program once. Run apart (`tsc -p` seven times, then `eslint .`), the
// seven programs were built twice and shared/, test-support/ and the declaration files of
// node_modules parsed up to fourteen times: about 250 CPU seconds of the suite's run on 2 cores.
// Here a file is parsed and bound once for all the programs that include it (the programs'
// options that shape a source file, target and module resolution, come from tsconfig.base.json),
// and ESLint's rules ask the checker that the type-check has already filled.
// A file's diagnostics are computed once per set of compiler options that checks it: a file that
// several projects reach with the same options (lib, types, jsx, strictness...) is checked once,
// in the first of them, and again only by a project whose options differ (the server's, without
// the DOM, checks the shared/ files it imports). The diagnostics are what `tsc -p` would print for
// each project, without checking the same file the same way seven times.
// Prints what `tsc -p` and `eslint .` would print; exits non-zero if either finds a problem.
import ts from 'typescript';
import { ESLint } from 'eslint';

/** Same order as eslint.config.js: a file in several projects is linted with the first one. */
export const PROJECTS = [
  'shared/tsconfig.json',
  'server/tsconfig.json',
  'website/tsconfig.json',
  'desktop/tsconfig.json',
  'desktop/tsconfig.electron.json',
  'test-support/tsconfig.json',
  'tsconfig.tools.json',
];

const started = performance.now();
const sourceFiles = new Map();

function parseConfig(configPath) {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  if (!config) throw new Error(`No se pudo leer ${configPath}`);
  return config;
}

/** Options that do not change what the checker reports for a file. */
const NOT_SEMANTIC = new Set([
  'configFilePath',
  'outDir',
  'rootDir',
  'tsBuildInfoFile',
  'noEmit',
  'composite',
  'incremental',
]);

/**
 * What a file is checked under, as a key: its program's options and the program's own ambient
 * declaration files (`vite-env.d.ts` and the like, which add globals). A file checked under equal
 * keys gets equal diagnostics.
 */
function checkKey(program) {
  const kept = Object.entries(program.getCompilerOptions()).filter(([k]) => !NOT_SEMANTIC.has(k));
  const ambient = program
    .getSourceFiles()
    .filter((f) => f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f))
    .map((f) => f.fileName)
    .sort();
  return JSON.stringify([kept.sort(([a], [b]) => a.localeCompare(b)), ambient]);
}

const configs = new Map(PROJECTS.map((configPath) => [configPath, parseConfig(configPath)]));
/** `file|options` already checked. */
const checked = new Set();

/** What `tsc -p` reports for this project, leaving out files already checked under the same options. */
function diagnosticsOf(program) {
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
  ];
  const key = checkKey(program);
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile && program.isSourceFileFromExternalLibrary(file)) continue;
    const id = `${file.fileName}|${key}`;
    if (checked.has(id)) continue;
    checked.add(id);
    diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  return ts.sortAndDeduplicateDiagnostics(diagnostics);
}

function createProgram(configPath) {
  const config = configs.get(configPath);
  const host = ts.createCompilerHost(config.options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = `${fileName}|${JSON.stringify(languageVersion)}`;
    let file = sourceFiles.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) sourceFiles.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    configFileParsingDiagnostics: config.errors,
    projectReferences: config.projectReferences,
  });
  return { configPath, host, program };
}

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

let typeErrors = 0;
const programs = [];
for (const configPath of PROJECTS) {
  const project = createProgram(configPath);
  const diagnostics = diagnosticsOf(project.program);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (diagnostics.length > 0) {
    typeErrors += diagnostics.length;
    process.stdout.write(`\n== tsc -p ${configPath}: ${diagnostics.length} error(s) (${seconds} s)\n`);
    process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  } else {
    process.stdout.write(`== tsc -p ${configPath}: ok (${seconds} s)\n`);
  }
  programs.push(project.program);
}

// The configuration's `project` list would make typescript-eslint build the same programs again.
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx,mts,cts}'],
      languageOptions: { parserOptions: { project: null, programs } },
    },
  ],
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
const lintErrors = results.reduce((n, r) => n + r.errorCount, 0);
process.stdout.write(
  `== eslint .: ${lintErrors === 0 ? 'ok' : `${lintErrors} error(s)`} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
if (report) process.stdout.write(`${report}\n`);
process.exit(typeErrors > 0 || lintErrors > 0 ? 1 : 0);
