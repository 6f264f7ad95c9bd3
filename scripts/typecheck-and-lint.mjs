#!/usr/bin/env node
// The typecheck of everything (what `tsc -p tsconfig.json --noEmit` reports) and typescript-eslint
// (what `eslint .` reports) on one TypeScript program: typescript-eslint's type-aware rules need
// the whole program checked, which is the typecheck's own work. Run one after the other they
// checked it twice: eslint 125 s and tsc about 60 s on a quiet machine, 257 s and 108 s beside
// the browser tests on a slow one. `npm test` runs this beside the browser tests; `npm run lint`
// and `npm run typecheck` remain the commands to run either alone.
//
// Prints the typecheck's findings, then the linter's, each under its heading, and exits with
// 0 when both pass, 1 when only the linter failed, 2 when only the typecheck failed, 3 for both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function createProgram() {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return { program: null, diagnostics: [read.error] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true }, projectReferences: parsed.projectReferences });
  return { program, diagnostics: [...parsed.errors, ...ts.getPreEmitDiagnostics(program)] };
}

const formatHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };

const started = performance.now();
const { program, diagnostics } = createProgram();
const typeErrors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
console.log(`=== typecheck (tsc, everything): ${typeErrors.length} error(s), ${Math.round((performance.now() - started) / 1000)} s ===`);
// Coloured with their source lines on a terminal, as tsc prints them; plain lines in a log.
const format = ts.sys.writeOutputIsTTY?.() ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
if (diagnostics.length) process.stdout.write(format(diagnostics, formatHost));

let lintFailed = true;
if (program) {
  const lintStarted = performance.now();
  // The TypeScript files the program holds are linted on it; eslint.config.mjs still decides
  // which rules apply where (plain .mjs scripts stay untyped).
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx,mts}'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } }],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  // As `eslint .` decides: errors fail, warnings are printed.
  const errors = results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0);
  console.log(`=== lint: typescript-eslint: ${errors} error(s), ${Math.round((performance.now() - lintStarted) / 1000)} s ===`);
  process.stdout.write(await formatter.format(results));
  lintFailed = errors > 0;
} else {
  console.log('=== lint: typescript-eslint: not run, tsconfig.json could not be read ===');
}

process.exit((lintFailed ? 1 : 0) + (typeErrors.length ? 2 : 0));
