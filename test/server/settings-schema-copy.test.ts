import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../../src/server/modules/index.js';
import { SETTINGS } from '../../src/server/settings/catalogue.js';

// Browser tests answer GET /api/settings/schema as the server does, but cannot load the server's
// modules (the catalogue is theirs); they read this copy, which must follow the declarations.
const COPY = fileURLToPath(new URL('../browser/support/settings-schema.ts', import.meta.url));

function copyText(): string {
  return `// Written by test/server/settings-schema-copy.test.ts from the modules' settings: do not edit.
// Run \`ASSOCIA_WRITE_COPIES=1 npx vitest run test/server/settings-schema-copy.test.ts\` after changing a setting.
import type { SettingSchema } from '../../../src/core/settings-schema.js';

/** What GET /api/settings/schema answers, as the server declares it. */
export const SETTINGS_SCHEMA: SettingSchema[] = ${JSON.stringify(SETTINGS.schema(), null, 2)};
`;
}

describe("the browser tests' copy of the settings schema", () => {
  it('matches the modules\' settings (ASSOCIA_WRITE_COPIES=1 rewrites it)', () => {
    if (process.env.ASSOCIA_WRITE_COPIES === '1') writeFileSync(COPY, copyText());
    expect(readFileSync(COPY, 'utf8')).toBe(copyText());
  });
});
