import { describe, expect, it } from 'vitest';
import { clampLimit, normalizeQuery, queryParams, toggleSort } from '../../src/core/query.js';
import { clampFontSize, createPreferences } from '../../src/core/preferences.js';
import { convertRecord } from '../../src/core/explainer.js';
import { basePaths } from '../../src/core/terminology.js';
import { needsReload, settingValue } from '../../src/core/settings.js';
import { activeStates, portugalFirst } from '../../src/core/modules/reference.js';
import { hasEnoughData } from '../../src/core/modules/payments.js';
import { averagePercent } from '../../src/core/uploads.js';
import { socketUrl } from '../../src/core/realtime.js';
import { isPublicPath } from '../../src/core/readiness.js';
import { decodeJwtPayload } from '../../src/core/jwt.js';
import { refreshExpiresSoon, tokenKeys } from '../../src/core/tokens.js';
import { recordKey } from '../../src/core/list-store.js';
import type { ExplainerField, Setting } from '../../src/core/contract.js';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() { return this.map.size; }
  clear() { this.map.clear(); }
  getItem(k: string) { return this.map.get(k) ?? null; }
  key(i: number) { return [...this.map.keys()][i] ?? null; }
  removeItem(k: string) { this.map.delete(k); }
  setItem(k: string, v: string) { this.map.set(k, String(v)); }
}

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

describe('list query', () => {
  it('clamps the page size: 0 → 1, above 500 → 500, -1 all', () => {
    expect(clampLimit(0)).toBe(1);
    expect(clampLimit(-5)).toBe(1);
    expect(clampLimit(501)).toBe(500);
    expect(clampLimit(500)).toBe(500);
    expect(clampLimit(-1)).toBe(-1);
    expect(clampLimit(37)).toBe(37);
  });

  it('defaults to page 1, 100 rows, sort created_at', () => {
    expect(normalizeQuery({})).toEqual({ page: 1, limit: 100, sort: 'created_at', search: '', constraints: {} });
    expect(normalizeQuery({ sort: '' }).sort).toBe('created_at');
  });

  it('builds _page, _limit, _sort, _search and _{key} constraints', () => {
    expect(queryParams(normalizeQuery({ page: 2, limit: 20, sort: '-name', search: 'ana', constraints: { state: 1, tag: 'x' } }))).toEqual({
      _page: 2, _limit: 20, _sort: '-name', _search: 'ana', _state: 1, _tag: 'x',
    });
    // Unpaginated is _page=1&_limit=-1.
    expect(queryParams(normalizeQuery({ page: 4, limit: -1 }))).toEqual({ _page: 1, _limit: -1, _sort: 'created_at' });
  });

  it("toggles a column's sort with the '-' prefix", () => {
    expect(toggleSort('created_at', 'name')).toBe('name');
    expect(toggleSort('name', 'name')).toBe('-name');
    expect(toggleSort('-name', 'name')).toBe('name');
  });

  it('keys field errors by record id, or new', () => {
    expect(recordKey({ _id: 4 })).toBe('4');
    expect(recordKey({})).toBe('new');
  });
});

describe('preferences', () => {
  it('font size stays within 12..19', () => {
    expect(clampFontSize(11)).toBe(12);
    expect(clampFontSize(20)).toBe(19);
    expect(clampFontSize(15)).toBe(15);
  });

  it('zoom moves one step and stores fontSize', () => {
    const local = new MemoryStorage();
    const prefs = createPreferences(local, new MemoryStorage());
    const start = prefs.fontSize.value;
    prefs.zoomIn();
    expect(prefs.fontSize.value).toBe(start + 1);
    expect(local.getItem('fontSize')).toBe(String(start + 1));
    prefs.zoomOut();
    prefs.zoomOut();
    expect(prefs.fontSize.value).toBe(start - 1);
  });

  it('list size in local storage, columns and sort per entity in session storage', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const prefs = createPreferences(local, session);
    prefs.setListSize(1000);
    prefs.setColumns('members', ['name']);
    prefs.setSortOrder('members', '-name');
    expect(local.getItem('listSize')).toBe('500');
    expect(session.getItem('columns:members')).toBe('["name"]');
    expect(session.getItem('sort:members')).toBe('-name');
    expect(local.getItem('columns:members')).toBe(null);
    const again = createPreferences(local, session);
    expect(again.listSize.value).toBe(500);
    expect(again.columns('members')).toEqual(['name']);
    expect(again.sortOrder('members')).toBe('-name');
  });
});

describe('explainer conversion', () => {
  const field = (name: string, type: ExplainerField['type']) => ({ name, type }) as ExplainerField;
  const fields = [field('amount', 'float32'), field('year', 'integer'), field('name', 'string')];

  it('converts float32 to the number typed (no single-precision rounding) and integer with parseInt before sending', () => {
    const out = convertRecord(fields, { amount: '10.1', year: '2024.7', name: '12' });
    expect(out).toEqual({ amount: 10.1, year: 2024, name: '12' });
    expect(JSON.stringify(convertRecord(fields, { amount: '0.1' }))).toBe('{"amount":0.1}');
    expect(convertRecord(fields, { amount: 1234.5678 }).amount).toBe(1234.5678);
  });

  it('leaves empty and unconvertible values for the server to judge', () => {
    expect(convertRecord(fields, { amount: '', year: 'abc' })).toEqual({ amount: '', year: 'abc' });
    expect(convertRecord(fields, { name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('terminology base paths', () => {
  it('derives the route bases from terminology', () => {
    const paths = basePaths({
      name: 'x', nameArticle: 'a', memberSingular: 'Sócio', memberPlural: 'Sócios', memberURLSingular: 'Socio',
      memberURLPlural: 'socios', membershipPayments: 'Quotas', membershipPaymentsURL: 'quotas',
    });
    expect(paths).toEqual({
      members: '/socios',
      memberSettings: '/configuracaoSócios',
      membershipCards: '/cartoesSocio',
      membershipCardLetters: '/cartaCartoesSocio',
      membershipCardSettings: '/configuracaoCartoesSócios',
      payments: '/quotas',
      paymentsNotifyMultiple: '/quotas/notificarSócios',
    });
  });
});

describe('settings', () => {
  const s = (name: string, value: string): Setting => ({ _id: 1, name, value, created_at: '' });
  it('reads values and reloads under 15 entries', () => {
    expect(settingValue([s('orgType', 'cooperative')], 'orgType')).toBe('cooperative');
    expect(needsReload(Array.from({ length: 14 }, () => s('a', 'b')))).toBe(true);
    expect(needsReload(Array.from({ length: 15 }, () => s('a', 'b')))).toBe(false);
  });
});

describe('reference lists', () => {
  it('places Portugal also first', () => {
    const name = (c: { name: string }) => c.name;
    expect(portugalFirst([{ name: 'Angola' }, { name: 'Portugal' }], name).map(name)).toEqual(['Portugal', 'Angola', 'Portugal']);
    expect(portugalFirst([{ name: 'Angola' }], name).map(name)).toEqual(['Angola']);
  });
  it('active member states are those with marksEnd false', () => {
    expect(activeStates([{ name: 'a', marksEnd: false }, { name: 'b', marksEnd: true }])).toEqual([{ name: 'a', marksEnd: false }]);
  });
});

describe('payment advice', () => {
  it('needs memberId and type, and year when type is quota', () => {
    expect(hasEnoughData({ memberId: 1, type: 'quota', year: 2024 })).toBe(true);
    expect(hasEnoughData({ memberId: 1, type: 'other' })).toBe(true);
    expect(hasEnoughData({ memberId: 1, type: 'quota' })).toBe(false);
    expect(hasEnoughData({ type: 'other' })).toBe(false);
    expect(hasEnoughData({ memberId: 1 })).toBe(false);
    expect(hasEnoughData({ memberId: '', type: 'other' })).toBe(false);
  });
});

describe('uploads', () => {
  it('progress for several files is the average', () => {
    expect(averagePercent([1, 0])).toBe(50);
    expect(averagePercent([0.5, 0.25, 0.75])).toBe(50);
    expect(averagePercent([1])).toBe(100);
  });
});

describe('realtime URL, public paths', () => {
  it('ws(s)://{api host}{api path}/websocket', () => {
    expect(socketUrl('/api', 'https://associa.pt/socios')).toBe('wss://associa.pt/api/websocket');
    expect(socketUrl('/api/', 'http://localhost:8080/')).toBe('ws://localhost:8080/api/websocket');
    expect(socketUrl('https://api.example.org/v1', 'http://site.pt/')).toBe('wss://api.example.org/v1/websocket');
  });
  it('public paths', () => {
    expect(isPublicPath('/v/abc')).toBe(true);
    expect(isPublicPath('/inscricao/confirmacao/x')).toBe(true);
    expect(isPublicPath('/v')).toBe(false);
    expect(isPublicPath('/socios')).toBe(false);
  });
});

describe('tokens', () => {
  it('decodes claims, UTF-8 names included', () => {
    expect(decodeJwtPayload(jwt({ ID: 1, Name: 'Conceição', Role: 'admin', iat: 1, exp: 2 }))).toEqual({ ID: 1, Name: 'Conceição', Role: 'admin', iat: 1, exp: 2 });
    expect(decodeJwtPayload('garbage')).toBe(null);
    expect(decodeJwtPayload(null)).toBe(null);
  });
  it('a refresh token expiring within 86,400 s counts as expiring', () => {
    const now = 1_000_000;
    expect(refreshExpiresSoon(jwt({ exp: now + 86_399 }), now)).toBe(true);
    expect(refreshExpiresSoon(jwt({ exp: now - 1 }), now)).toBe(true);
    expect(refreshExpiresSoon(jwt({ exp: now + 86_400 }), now)).toBe(false);
    expect(refreshExpiresSoon(null, now)).toBe(false);
  });
  it('token keys: plain for the page owner, per API base otherwise', () => {
    expect(tokenKeys(null)).toEqual({ access: 'access', refresh: 'refresh' });
    expect(tokenKeys('https://x.pt/api')).toEqual({ access: 'access@https://x.pt/api', refresh: 'refresh@https://x.pt/api' });
  });
});
