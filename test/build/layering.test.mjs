// The layering rules of scripts/layering.mjs (read there, with their reasons), checked:
//   node --test test/build/layering.test.mjs
// Needs no build: it reads the sources. The checker runs first on small planted trees (each kind
// of violation must be reported), then on the real tree (none may be).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkLayering, describeViolation, readTree } from '../../scripts/layering.mjs';

/** A small tree every rule accepts, to plant one bad import in. */
const GOOD = {
  'src/core/contract.ts': "import type { Member } from './records.js';\nexport type M = Member;\n",
  'src/core/records.ts': 'export type Member = { _id: number };\n',
  'src/core/query.ts': "import { signal } from '@preact/signals-core';\nimport type { M } from './contract.js';\nexport const q = signal<M | null>(null);\n",
  'src/widgets/kit/index.ts': "export { q } from '../../core/query.js';\n",
  'src/widgets/feature-kit/picker.tsx': "import { q } from '../kit/index.js';\nexport const Picker = () => <div>{String(q)}</div>;\n",
  'src/widgets/payment-debts/element.ts': "import { formatDay } from './ledger.js';\nexport { formatDay };\n",
  'src/widgets/payment-debts/ledger.ts': "export const formatDay = (s: string) => s;\n",
  'src/widgets/dues/module.ts': "export const dues = { load: () => import('./statement/element.js') };\n",
  'src/widgets/dues/texts.ts': "export const T = { title: 'Extrato' };\n",
  'src/widgets/dues/statement/element.ts': "import { T } from '../texts.js';\nimport { Picker } from '../../feature-kit/picker.js';\nimport '../../payment-debts/element.js';\nexport { T, Picker };\n",
  'src/widgets/dues/statement/lines.tsx': "import { T } from '../texts.js';\nexport const Lines = () => <p>{T.title}</p>;\n",
  'src/widgets/modules.ts': "import { dues } from './dues/module.js';\nexport const modules = [dues];\n",
  'src/host/app.tsx': "import { modules } from '../widgets/modules.js';\nimport { Picker } from '../widgets/feature-kit/picker.js';\nimport '../widgets/payment-debts/element.js';\nexport { modules, Picker };\n",
  'src/server/errors.ts': "import { ERROR } from '../core/contract.js';\nexport { ERROR };\n",
  'src/server/modules/index.ts': "import { dues } from './dues/index.js';\nimport { treasury } from './treasury/index.js';\nexport const all = [dues, treasury];\n",
  'src/server/modules/dues/index.ts': "import { record } from './ledger.js';\nexport const dues = { record };\n",
  'src/server/modules/dues/ledger.ts': "import { receipts } from './receipts-port.js';\nexport const record = () => receipts.issue();\n",
  'src/server/modules/dues/receipts-port.ts': 'export const receipts = { issue: () => null };\n',
  'src/server/modules/dues/public.ts': "export { receipts } from './receipts-port.js';\nexport { record } from './ledger.js';\n",
  'src/server/modules/treasury/index.ts': "import { receipts } from '../dues/public.js';\nexport const treasury = { receipts };\n",
  'src/server/seed/demo.ts': "import { record } from '../modules/dues/public.js';\nexport const seed = record;\n",
};

/** The violations of GOOD with `changes` applied (a text, or null to delete a file). */
function checkPlanted(changes) {
  const files = new Map(Object.entries(GOOD));
  for (const [file, text] of Object.entries(changes)) {
    if (text === null) files.delete(file);
    else files.set(file, text);
  }
  return checkLayering(files);
}

/** Asserts that the plant gives exactly one violation, of `rule`, in `file`. */
function assertCaught(changes, rule, file) {
  const found = checkPlanted(changes);
  assert.equal(found.length, 1, `expected one ${rule} violation, got:\n${found.map(describeViolation).join('\n')}`);
  assert.equal(found[0].rule, rule, describeViolation(found[0]));
  if (file) assert.equal(found[0].file, file);
  return found[0];
}

describe('layering checker, on planted imports', () => {
  it('accepts the good tree', () => {
    assert.deepEqual(checkPlanted({}).map(describeViolation), []);
  });

  it('a. catches core importing widgets, host or server: static, re-export, dynamic, type-level', () => {
    assertCaught({ 'src/core/query.ts': "import { Picker } from '../widgets/feature-kit/picker.js';\nexport { Picker };\n" }, 'core-upward', 'src/core/query.ts');
    assertCaught({ 'src/core/query.ts': "export * from '../host/app.js';\n" }, 'core-upward');
    assertCaught({ 'src/core/query.ts': "export const load = () => import('../server/errors.js');\n" }, 'core-upward');
    const typeLevel = assertCaught({ 'src/core/query.ts': "export type E = typeof import('../server/errors.js');\n" }, 'core-upward');
    assert.equal(typeLevel.target, 'src/server/errors.ts');
  });

  it('a. catches widgets importing host or server, also type-only and in a .tsx file', () => {
    assertCaught({ 'src/widgets/feature-kit/picker.tsx': "import type { M } from '../../host/app.js';\nexport const Picker = (p: M) => <div>{String(p)}</div>;\n" }, 'widgets-upward');
    const found = assertCaught({ 'src/widgets/dues/statement/lines.tsx': "import { T } from '../texts.js';\nexport const Lines = () => <p>{T.title}</p>;\nexport const later = () => import('../../../server/errors.js');\n" }, 'widgets-upward');
    assert.equal(found.line, 3);
  });

  it('a. catches the server importing browser code other than the plain shared core files', () => {
    assertCaught({ 'src/server/errors.ts': "import { q } from '../core/query.js';\nexport { q };\n" }, 'server-browser', 'src/server/errors.ts');
    assertCaught({ 'src/server/errors.ts': "import { Picker } from '../widgets/feature-kit/picker.js';\nexport { Picker };\n" }, 'server-browser');
  });

  it('a. catches a plain shared core file importing a package or a file that is not plain, or reading a browser global', () => {
    assertCaught({ 'src/core/contract.ts': "import { signal } from '@preact/signals-core';\nexport const s = signal(0);\n" }, 'plain-shared', 'src/core/contract.ts');
    assertCaught({ 'src/core/records.ts': "import { q } from './query.js';\nexport type Member = { _id: number; q: typeof q };\n" }, 'plain-shared', 'src/core/records.ts');
    const global = assertCaught({ 'src/core/records.ts': "export type Member = { _id: number; document: string };\nexport const here = () => window.location.href;\n" }, 'plain-shared', 'src/core/records.ts');
    assert.equal(global.global, 'window');
    assert.equal(global.line, 2);
  });

  it('b. catches a circle of two domains, and a longer one, naming every import on it', () => {
    const two = checkPlanted({ 'src/server/modules/dues/receipts-port.ts': "import { treasury } from '../treasury/public.js';\nexport const receipts = { issue: () => treasury };\n", 'src/server/modules/treasury/public.ts': 'export const treasury = 1;\n' });
    assert.deepEqual(two.map((v) => v.rule), ['domain-circle'], two.map(describeViolation).join('\n'));
    assert.deepEqual(two[0].circle, ['dues', 'treasury']);
    assert.match(describeViolation(two[0]), /src\/server\/modules\/dues\/receipts-port\.ts:1 \.\.\/treasury\/public\.js/);
    assert.match(describeViolation(two[0]), /src\/server\/modules\/treasury\/index\.ts:1 \.\.\/dues\/public\.js/);
    const three = checkPlanted({
      'src/server/modules/treasury/public.ts': "export { reminders } from '../reminders/public.js';\n",
      'src/server/modules/reminders/public.ts': "import { record } from '../dues/public.js';\nexport const reminders = record;\n",
      'src/server/modules/dues/receipts-port.ts': "import { reminders } from '../treasury/public.js';\nexport const receipts = { issue: () => reminders };\n",
    });
    assert.deepEqual(three.map((v) => v.rule), ['domain-circle'], three.map(describeViolation).join('\n'));
    assert.deepEqual(three[0].circle, ['dues', 'reminders', 'treasury']);
  });

  it('c. catches a domain, or other server code, entering a domain past its public.ts; the module list may import index.ts', () => {
    assertCaught({ 'src/server/modules/treasury/index.ts': "import { receipts } from '../dues/receipts-port.js';\nexport const treasury = { receipts };\n" }, 'server-internals', 'src/server/modules/treasury/index.ts');
    assertCaught({ 'src/server/modules/treasury/index.ts': "import { dues } from '../dues/index.js';\nexport const treasury = { dues };\n" }, 'server-internals');
    assertCaught({ 'src/server/seed/demo.ts': "import { record } from '../modules/dues/ledger.js';\nexport const seed = record;\n" }, 'server-internals', 'src/server/seed/demo.ts');
  });

  it('c. catches the host entering a widget past its public entries', () => {
    assertCaught({ 'src/host/app.tsx': "import { formatDay } from '../widgets/payment-debts/ledger.js';\nexport { formatDay };\n" }, 'host-internals', 'src/host/app.tsx');
    assertCaught({ 'src/host/app.tsx': "import { Lines } from '../widgets/dues/statement/lines.js';\nexport { Lines };\n" }, 'host-internals');
    assertCaught({ 'src/host/app.tsx': "import { T } from '../widgets/dues/texts.js';\nexport { T };\n" }, 'host-internals');
  });

  it('c. catches a widget feature entering another feature or domain past its public entries', () => {
    assertCaught({ 'src/widgets/dues/statement/lines.tsx': "import { formatDay } from '../../payment-debts/ledger.js';\nexport const Lines = () => <p>{formatDay('')}</p>;\n" }, 'widget-internals', 'src/widgets/dues/statement/lines.tsx');
    assertCaught({ 'src/widgets/payment-debts/ledger.ts': "import { T } from '../dues/texts.js';\nexport const formatDay = (s: string) => s + T.title;\n" }, 'widget-internals');
    assertCaught({
      'src/widgets/dues/receipts/element.ts': "import { Lines } from '../statement/lines.js';\nexport { Lines };\n",
    }, 'widget-internals', 'src/widgets/dues/receipts/element.ts');
  });
});

describe('layering of src/', () => {
  it('has no violation', () => {
    const files = readTree();
    assert.ok(files.size > 500, `read only ${files.size} files`);
    const found = checkLayering(files);
    assert.deepEqual(found.map(describeViolation), []);
  });
});
