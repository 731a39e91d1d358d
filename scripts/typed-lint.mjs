// The type-check of every TypeScript project and ESLint's type-aware rules, in one process that
// builds each project's program once. Run apart (`tsc -p` seven times, then `eslint .`), the
// seven programs were built twice and shared/, test-support/ and the declaration files of
// node_modules parsed up to fourteen times: about 250 CPU seconds of the suite's run on 2 cores.
// Here a file is parsed and bound once for all the programs that include it (the programs'
// options that shape a source file, target and module resolution, come from tsconfig.base.json),
// and ESLint's rules ask the checker that the type-check has already filled.
// Each file's diagnostics are computed once, in the project that owns it (the first whose
// `include` lists it), as `tsc -b` does with project references: a shared/ file imported by the
// server is checked by shared/'s project, not again by the server's, whose checker still resolves
// the types it imports. A file that no project lists is checked by the first program that reaches it.
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

const configs = new Map(PROJECTS.map((configPath) => [configPath, parseConfig(configPath)]));
/** Each listed file's project: the first that lists it. */
const owner = new Map();
for (const [configPath, config] of configs) {
  for (const fileName of config.fileNames) if (!owner.has(fileName)) owner.set(fileName, configPath);
}
const checked = new Set();

/** What `tsc -p` reports for the files this project owns (and for files nobody lists, once). */
function diagnosticsOf(configPath, program) {
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
  ];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile && program.isSourceFileFromExternalLibrary(file)) continue;
    const own = owner.get(file.fileName);
    if (own === undefined ? checked.has(file.fileName) : own !== configPath) continue;
    checked.add(file.fileName);
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
  const diagnostics = diagnosticsOf(configPath, project.program);
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
