import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/core');
// The core's own files and its domain modules (src/core/modules/).
const coreFiles = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

describe('core boundaries', () => {
  it('imports nothing from React, widgets or host', () => {
    const offenders: string[] = [];
    for (const file of coreFiles()) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        if (/^react(-dom)?(\/|$)|^@preact\/signals-react|styled-components|wouter|\/widgets\/|\/host\//.test(spec)) offenders.push(`${file}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('loads @sentry/browser only through a dynamic import', () => {
    const offenders = coreFiles().filter((f) => /^\s*import[^(]*['"]@sentry\/browser['"]/m.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
