import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, mode: 'test', databaseUrl: undefined, embedOrigins: [], bodyLimit: 1024 * 1024 });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('reads embedding websites as origins', () => {
    expect(loadConfig({ ASSOCIA_EMBED_ORIGINS: ' https://a.pt/ , http://localhost:3000' }).embedOrigins).toEqual(['https://a.pt', 'http://localhost:3000']);
  });

  it('refuses what it cannot use, saying which variable and why', () => {
    expect(() => loadConfig({ ASSOCIA_EMBED_ORIGINS: 'a.pt' })).toThrow(/ASSOCIA_EMBED_ORIGINS: "a.pt"/);
    expect(() => loadConfig({ ASSOCIA_EMBED_ORIGINS: 'https://a.pt/socios' })).toThrow(/origin only/);
    expect(() => loadConfig({ ASSOCIA_MODE: 'demo' })).toThrow(/ASSOCIA_MODE/);
    expect(() => loadConfig({ PORT: 'oitenta' })).toThrow(/PORT/);
  });
});
