import { describe, expect, it } from 'vitest';
import { appModules } from '../../src/server/modules/index.js';
import { SETTINGS } from '../../src/server/settings/catalogue.js';

// The catalogue imports the modules' setting lists itself (building it from appModules would be
// an import cycle through the settings resource), so this keeps the two from drifting apart.
describe('module settings', () => {
  it('the catalogue holds exactly the settings the modules declare', () => {
    const declared = appModules.flatMap((m) => m.settings);
    expect(new Set(SETTINGS.all)).toEqual(new Set(declared));
    expect(SETTINGS.all).toHaveLength(declared.length);
  });

  it('each setting belongs to the module of its domain', () => {
    const owner = (name: string) => appModules.find((m) => m.settings.some((s) => s.name === name))?.name;
    expect(owner('memberSingular')).toBe('members');
    expect(owner('SendMessages')).toBe('messages');
    expect(owner('sessionIdleDays')).toBe('settings');
  });
});
