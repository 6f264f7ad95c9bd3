import { describe, expect, it } from 'vitest';
import type { Module } from '../../src/server/modules/define-module.js';
import { appModules as app } from '../../src/server/modules/index.js';
import { SETTINGS } from '../../src/server/settings/catalogue.js';

const appModules: readonly Module[] = app;

describe('module settings', () => {
  it('the catalogue is the settings the modules declare, in module order', () => {
    expect(SETTINGS.all).toEqual(appModules.flatMap((m) => m.settings));
    expect(SETTINGS.schema().map((s) => s.name)).toEqual(appModules.flatMap((m) => m.settings.map((s) => s.name)));
  });

  it('each setting belongs to the module of its domain', () => {
    const owner = (name: string) => appModules.find((m) => m.settings.some((s) => s.name === name))?.name;
    expect(owner('memberSingular')).toBe('members');
    expect(owner('SendMessages')).toBe('messages');
    expect(owner('sessionIdleDays')).toBe('settings');
  });
});
