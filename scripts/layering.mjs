// The layering of src/, checked on every import (static `import`/`export … from`, dynamic
// `import('…')`, type-level `import('…')`), type-only imports included: a type is a dependency too.
// test/build/layering.test.mjs runs it on planted bad imports and on the tree;
// `node scripts/layering.mjs` prints the tree's violations.
//
// The rules, each with the name a violation is reported under:
//
// a. Direction: host → widgets → core, and the server apart from the browser.
//   core-upward        src/core imports nothing from src/widgets, src/host or src/server.
//   widgets-upward     src/widgets imports nothing from src/host or src/server.
//   server-browser     src/server imports from browser code (core, widgets, host) only the plain
//                      shared core files of PLAIN_SHARED.
//   plain-shared       a PLAIN_SHARED file imports only other PLAIN_SHARED files, no package, and
//                      reads no browser global (window, document, fetch...): what the server
//                      loads from src/core stays framework-free.
//
// b. Domain circles on the server:
//   domain-circle      the graph of src/server/modules/<domain> folders (an edge a → b when a file
//                      of a imports a file of b) has no circle. Domains that must talk both ways
//                      meet through a port one of them declares and the other fills (dues'
//                      payment-receipts port, filled by the treasury), not a circle.
//
// c. Internals: a folder is entered through its public entry.
//   server-internals   src/server/modules/<domain>/public.ts is a domain's public entry: every
//                      server file outside the domain imports from it only public.ts. The one
//                      exception is the module list, src/server/modules/index.ts, which imports
//                      each module's definition (<domain>/index.ts, treasury/donations/index.ts).
//                      index.ts is not the public entry because it is the whole module (routes,
//                      jobs, migrations): another domain importing it would load all of that.
//   host-internals     src/host imports from src/widgets only the shared folders (kit/,
//                      feature-kit/, shared/), src/widgets/modules.ts, and a feature's or a
//                      domain's public entries (element.ts, index.ts, module.ts).
//   widget-internals   a widget feature imports another feature (or another domain) only through
//                      those entries. A feature is a folder src/widgets/<feature>/ holding an
//                      element.ts, or a folder src/widgets/<domain>/<feature>/; a feature may use
//                      its own domain folder's files (src/widgets/<domain>/texts.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';


const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The core files the server may import, each plain TypeScript with no framework, no browser API
 * and no package, so that the API's words and checks are written once for both sides:
 * - contract.ts: the API's shapes, names, roles and error codes, shared by server and clients;
 * - records.ts: the record types generated from the resource definitions (contract.ts re-exports them);
 * - two-factor.ts: the two-factor code formats both sides check;
 * - settings-schema.ts: the settings' value checks, the settings form's and the server's;
 * - field-checks.ts: the field validations the forms apply before sending and the server after;
 * - audit.ts: how an audit entry's changes are written and read;
 * - csv.ts: the CSV writer of the browser's exports and of a member's own-data export;
 * - days.ts: the calendar day in Portugal ('YYYY-MM-DD'), what "due today" means on both sides;
 * - application-states.ts: an application's states and which are still open (the applications
 *   domain decides with them, member files ask, the applications page shows them);
 * - organisation-name.ts: the organisation's name after a preposition (da/do, à/ao), for the
 *   server's messages and PDFs and the pages alike;
 * - imports.ts: the import API's shapes (contract.ts re-exports them).
 */
const PLAIN_SHARED = new Set(
  ['contract', 'records', 'two-factor', 'settings-schema', 'field-checks', 'audit', 'csv', 'days', 'application-states', 'number-format', 'organisation-name', 'setup', 'backup-status', 'imports', 'assemblies', 'consents'].map((name) => `src/core/${name}.ts`),
);

/** The widget folders every layer above may use whole. */
const WIDGET_SHARED = new Set(['kit', 'feature-kit', 'shared']);
/** The files through which a feature or domain folder is entered. */
const ENTRY_NAMES = new Set(['element.ts', 'index.ts', 'module.ts']);

const SOURCE = /\.(ts|tsx|mts)$/;

/** Browser globals a plain shared file must not use: the server has none of them. */
const BROWSER_GLOBALS = new Set(['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch', 'XMLHttpRequest', 'WebSocket', 'customElements', 'HTMLElement', 'indexedDB']);

/** Whether an identifier reads a variable (not a property's or a member's name, not a declaration's). */
function readsVariable(node) {
  const parent = node.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) && parent.name === node) return false;
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) && parent.name === node) return false;
  return true;
}

/**
 * Every import of one file (the specifier as written and its line), and the browser globals it
 * reads (their name and line).
 */
function importsOf(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const globals = [];
  const add = (literal) => {
    if (literal && ts.isStringLiteralLike(literal)) found.push({ spec: literal.text, line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1 });
  };
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text) && readsVariable(node)) {
      globals.push({ name: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports: found, globals };
}

/** The file a relative specifier names, as a path like the keys of `files` (`./x.js` is x.ts or x.tsx). */
function resolve(files, from, spec) {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = joined.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = joined === stem ? [joined, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`] : [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, joined];
  return candidates.find((candidate) => files.has(candidate)) ?? candidates[joined === stem ? 1 : 0];
}

const layerOf = (file) => /^src\/(core|widgets|host|server)\//.exec(file)?.[1];

/** The server domain a file belongs to (src/server/modules/<domain>/…), or undefined. */
const domainOf = (file) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];

/**
 * The widget unit a file belongs to: a shared folder, a feature, or a domain folder (its own
 * files: module.ts, the domain's texts). Undefined outside src/widgets.
 */
function widgetUnit(files, file) {
  const parts = file.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'widgets') return undefined;
  if (parts.length === 3) return { kind: 'root', folder: 'src/widgets' };
  const top = `src/widgets/${parts[2]}`;
  if (WIDGET_SHARED.has(parts[2])) return { kind: 'shared', folder: top };
  if (files.has(`${top}/element.ts`) || parts.length === 4) return { kind: 'feature', folder: top };
  return { kind: 'feature', folder: `${top}/${parts[3]}`, domain: top };
}

/** Whether `target` is a public entry of its unit (element.ts, index.ts, module.ts at the unit's top). */
const isWidgetEntry = (target, unit) => path.posix.dirname(target) === unit.folder && ENTRY_NAMES.has(path.posix.basename(target));

/**
 * The checker. `files`: a Map from a path under src/ ('src/core/x.ts') to its text. Answers every
 * violation as { rule, file, line, spec, target, why } (a browser global: { rule, file, line, global, why }),
 * or for a domain circle { rule, circle, edges }.
 */
export function checkLayering(files) {
  const violations = [];
  /** Domain → domain → the imports that make the edge. */
  const domainEdges = new Map();
  for (const [file, text] of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    const { imports, globals } = importsOf(file, text);
    if (PLAIN_SHARED.has(file)) {
      for (const { name, line } of globals) violations.push({ rule: 'plain-shared', file, line, global: name, why: `a plain shared core file reads the browser global ${name}` });
    }
    for (const { spec, line } of imports) {
      const report = (rule, target, why) => violations.push({ rule, file, line, spec, target, why });
      if (!spec.startsWith('.')) {
        if (PLAIN_SHARED.has(file)) report('plain-shared', spec, 'a plain shared core file imports a package');
        continue;
      }
      const target = resolve(files, file, spec);
      const targetLayer = layerOf(target);
      if (layer === 'core' && ['widgets', 'host', 'server'].includes(targetLayer)) report('core-upward', target, `src/core imports from src/${targetLayer}`);
      if (layer === 'widgets' && ['host', 'server'].includes(targetLayer)) report('widgets-upward', target, `src/widgets imports from src/${targetLayer}`);
      if (layer === 'server' && ['core', 'widgets', 'host'].includes(targetLayer) && !PLAIN_SHARED.has(target)) {
        report('server-browser', target, 'the server imports browser code that is not a plain shared core file (PLAIN_SHARED)');
      }
      if (PLAIN_SHARED.has(file) && !PLAIN_SHARED.has(target)) report('plain-shared', target, 'a plain shared core file imports a file that is not one');

      const from = domainOf(file);
      const to = domainOf(target);
      if (to && from !== to) {
        const moduleList = file === 'src/server/modules/index.ts' && path.posix.basename(target) === 'index.ts';
        if (target !== `src/server/modules/${to}/public.ts` && !moduleList) report('server-internals', target, `enters domain ${to} past its public entry, src/server/modules/${to}/public.ts`);
        if (from) {
          if (!domainEdges.has(from)) domainEdges.set(from, new Map());
          const edges = domainEdges.get(from);
          if (!edges.has(to)) edges.set(to, []);
          edges.get(to).push(`${file}:${line} ${spec}`);
        }
      }

      if ((layer === 'host' || layer === 'widgets') && targetLayer === 'widgets') {
        const unit = widgetUnit(files, target);
        if (unit.kind === 'shared' || target === 'src/widgets/modules.ts') continue;
        if (layer === 'host') {
          if (!isWidgetEntry(target, unit)) {
            report('host-internals', target, `the host enters ${unit.folder} past its public entries (element.ts, index.ts, module.ts)`);
          }
          continue;
        }
        const own = widgetUnit(files, file);
        const sameUnit = own.folder === unit.folder;
        // A feature may use its own domain folder's files; a domain folder's own files (module.ts) its features' entries.
        const ownDomain = own.domain !== undefined && unit.folder === own.domain;
        if (!sameUnit && !ownDomain && !isWidgetEntry(target, unit)) {
          report('widget-internals', target, `${own.folder} enters ${unit.folder} past its public entries (element.ts, index.ts, module.ts)`);
        }
      }
    }
  }
  violations.push(...domainCircles(domainEdges));
  return violations;
}

/** Every circle of the domain graph, once each (Tarjan's strongly connected components, then one circle per component). */
function domainCircles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components.map((component) => {
    const inside = new Set(component);
    const circleEdges = [];
    for (const from of component) {
      for (const [to, imports] of edges.get(from) ?? []) if (inside.has(to)) circleEdges.push({ from, to, imports });
    }
    return { rule: 'domain-circle', circle: component, edges: circleEdges };
  });
}

/** One line per violation, for assertion messages. */
export const describeViolation = (v) =>
  v.rule === 'domain-circle'
    ? `domain-circle: ${v.circle.join(' ⇄ ')}\n${v.edges.map((e) => `    ${e.from} → ${e.to}:\n${e.imports.map((i) => `      ${i}`).join('\n')}`).join('\n')}`
    : v.global
      ? `${v.rule}: ${v.file}:${v.line} ${v.why}`
      : `${v.rule}: ${v.file}:${v.line} imports '${v.spec}' (${v.target}): ${v.why}`;

/** Every source file under src/ of the repository, by path ('src/core/x.ts'). */
export function readTree() {
  const files = new Map();
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    const file = `src/${entry.split(path.sep).join('/')}`;
    if (SOURCE.test(file)) files.set(file, readFileSync(path.join(root, file), 'utf8'));
  }
  return files;
}

// `node scripts/layering.mjs`: the violations of the tree, one a line; exits non-zero if any.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = checkLayering(readTree());
  for (const violation of found) console.log(describeViolation(violation));
  console.log(`${found.length} violation(s)`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
