// Typed settings: each declared setting takes only the values its declaration allows (422 in
// pt-PT, nothing stored), an administrator's own settings stay free text, clients read the
// declarations from GET /api/settings/schema, and the server's readers get typed values.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsSchemaResponse } from '../../src/core/settings-schema.js';
import { retentionDays } from '../../src/server/audit/retention.js';
import { sessionIdleMs } from '../../src/server/auth/session-limits.js';
import { sendingEnabled } from '../../src/server/messages/send-setting.js';
import { defaultSettings } from '../../src/server/resources/reference-data.js';
import { readSetting } from '../../src/server/settings/read.js';
import { recordServerValues } from '../../src/server/settings/server-values.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

const DAY = 86_400_000;
let server: ResourceTestServer;
let token: string;
beforeEach(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
});
afterEach(() => server.close());

async function setting(name: string): Promise<{ _id: number; value: string }> {
  const { body } = await server.json('GET', `/api/settings?_name=${name}`, token);
  return body.data[0];
}

/** Stores a value behind the API's back, as rows written before writes were checked. */
async function storeRaw(name: string, value: string) {
  await server.database.db.updateTable('settings').set({ value }).where('name', '=', name).execute();
}

const DECIMAL = 'Indique um valor de 0 a 150, com ponto decimal e até 1 casa decimal (por exemplo 12.5).';

describe('writes of declared settings', () => {
  const refused: [name: string, value: string, message: string][] = [
    ['sessionIdleDays', '45', 'Indique um número inteiro de 1 a 30.'],
    ['sessionIdleDays', '7.5', 'Indique um número inteiro de 1 a 30.'],
    ['sessionIdleDays', 'sete', 'Indique um número inteiro de 1 a 30.'],
    ['auditRetentionDays', '0', 'Indique um número inteiro de 1 a 999\u00a0999.'],
    ['cardLetterAddressX', 'abc', DECIMAL],
    ['cardLetterAddressX', '12,5', DECIMAL],
    ['cardLetterAddressX', '1.25', DECIMAL],
    ['SendMessages', 'sim', 'Indique ligado (true) ou desligado (false).'],
    ['firstQuotaRule', 'diária', 'Escolha um destes valores: Proporcional aos meses que faltam, Quota completa.'],
    ['orgType', 'clube', 'Escolha um destes valores: Associação, Cooperativa.'],
    ['orgEmail', 'geral-exemplo.pt', 'Indique um endereço de e-mail válido.'],
    ['orgWebsite', 'www.exemplo.pt', 'Indique um endereço completo, começado por http:// ou https://.'],
    ['orgNif', '12345', 'O NIF tem nove algarismos.'],
    ['memberURLPlural', 'Sócios', 'Use só letras minúsculas, algarismos e hífenes, sem espaços.'],
    ['memberPlural', '', 'Este valor é obrigatório.'],
    ['currency', 'euro', 'Indique o código de três letras da moeda, por exemplo EUR.'],
  ];

  it.each(refused)('%s = %j is a 422 with a pt-PT message and stores nothing', async (name, value, message) => {
    const before = await setting(name);
    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await server.json(method, `/api/settings/${before._id}`, token, { name, value });
      expect(response.status, method).toBe(422);
      expect(response.body.errors, method).toEqual({ value: message });
    }
    const after = await setting(name);
    expect(after.value).toBe(before.value);
    expect(after).toEqual(before);
  });

  it('accepts values inside the declaration', async () => {
    const accepted: [string, string][] = [
      ['sessionIdleDays', '30'],
      ['auditRetentionDays', '365'],
      ['cardLetterAddressX', '12.5'],
      ['SendMessages', 'true'],
      ['firstQuotaRule', 'full'],
      ['orgEmail', 'geral@exemplo.pt'],
      ['orgEmail', ''],
      ['orgWebsite', 'https://www.exemplo.pt'],
      ['orgNif', '501234567'],
      ['memberURLPlural', 'associados'],
      // Accented words work in addresses (the browser percent-encodes them).
      ['memberURLPlural', 'sócios'],
    ];
    for (const [name, value] of accepted) {
      const { _id } = await setting(name);
      const response = await server.json('PATCH', `/api/settings/${_id}`, token, { value });
      expect(response.status, `${name}=${value}`).toBe(200);
      expect((await setting(name)).value).toBe(value);
    }
  });

  it('refuses to rename a declared setting, and creating one again (after a delete) is checked too', async () => {
    const idle = await setting('sessionIdleDays');
    const renamed = await server.json('PATCH', `/api/settings/${idle._id}`, token, { name: 'custom_idle' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: 'O nome de uma configuração do sistema não pode ser alterado.' });
    expect((await setting('sessionIdleDays'))._id).toBe(idle._id);
    expect((await server.json('DELETE', `/api/settings/${idle._id}`, token)).status).toBe(204);
    const bad = await server.json('POST', '/api/settings', token, { name: 'sessionIdleDays', value: '90' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ value: 'Indique um número inteiro de 1 a 30.' });
    expect(await setting('sessionIdleDays')).toBeUndefined();
    expect((await server.json('POST', '/api/settings', token, { name: 'sessionIdleDays', value: '3' })).status).toBe(201);
    expect(await sessionIdleMs(server.database.db)).toBe(3 * DAY);
  });

  it('leaves settings nobody declared free text', async () => {
    const created = await server.json('POST', '/api/settings', token, { name: 'custom_note', value: 'abc' });
    expect(created.status).toBe(201);
    const changed = await server.json('PATCH', `/api/settings/${created.body.data._id}`, token, { value: '45 ou mais, à vontade' });
    expect(changed.status).toBe(200);
    expect((await setting('custom_note')).value).toBe('45 ou mais, à vontade');
  });
});

describe('the read-only setting filesDir', () => {
  const filesDir = () => path.join(server.ctx.config.dataDir, 'files');

  it('holds the directory the server keeps uploaded files in, for the list and readSetting alike', async () => {
    expect((await setting('filesDir')).value).toBe(filesDir());
    expect(await readSetting(server.database.db, 'filesDir')).toBe(filesDir());
  });

  it('refuses every change through the API with a pt-PT 422 saying where it is changed, and changes nothing', async () => {
    const before = await setting('filesDir');
    const refused = [
      await server.json('PATCH', `/api/settings/${before._id}`, token, { value: '/tmp/outra' }),
      await server.json('PUT', `/api/settings/${before._id}`, token, { name: 'filesDir', value: `${filesDir()}/outra` }),
      await server.json('PATCH', `/api/settings/${before._id}`, token, { name: 'pasta_antiga' }),
      await server.json('DELETE', `/api/settings/${before._id}`, token),
    ];
    for (const response of refused) {
      expect(response.status).toBe(422);
      expect(response.body.errors.value).toBe(
        '«Pasta dos ficheiros» é definida pelo servidor e não se altera aqui: muda-se na variável de ambiente ASSOCIA_DATA do servidor (a pasta é ASSOCIA_DATA/files), movendo para lá os ficheiros.',
      );
    }
    const custom = await server.json('POST', '/api/settings', token, { name: 'custom_dir', value: '/x' });
    expect((await server.json('PATCH', `/api/settings/${custom.body.data._id}`, token, { name: 'filesDir' })).status).toBe(422);
    expect(await setting('filesDir')).toEqual(before);
  });

  it('is written again from the configuration at start, replacing a value an older version left', async () => {
    await storeRaw('filesDir', '/var/lib/antiga');
    await recordServerValues(server.ctx);
    expect((await setting('filesDir')).value).toBe(filesDir());
    await server.database.db.deleteFrom('settings').where('name', '=', 'filesDir').execute();
    await recordServerValues(server.ctx);
    expect((await setting('filesDir')).value).toBe(filesDir());
  });
});

describe('GET /api/settings/schema', () => {
  it('serves every declared setting with its pt-PT label, kind, bounds, options and page, to anyone signed in', async () => {
    expect((await server.json('GET', '/api/settings/schema', undefined)).status).toBe(401);
    const member = await server.as('member');
    const { status, body } = await server.json('GET', '/api/settings/schema', member.token);
    expect(status).toBe(200);
    const { settings } = (body as SettingsSchemaResponse).data;
    expect(settings.map((s) => s.name).sort()).toEqual(Object.keys(defaultSettings('association')).sort());
    expect(settings.find((s) => s.name === 'sessionIdleDays')).toMatchObject({
      kind: 'integer', min: 1, max: 30, page: 'organisation', label: 'Terminar sessões inativas ao fim de (dias)',
    });
    expect(settings.find((s) => s.name === 'firstQuotaRule')).toMatchObject({
      kind: 'enum', page: 'members', options: [
        { value: 'prorata', label: 'Proporcional aos meses que faltam' },
        { value: 'full', label: 'Quota completa' },
      ],
    });
    // The quota's value lives only in the fee schedules (migration dues/038).
    expect(settings.map((s) => s.name)).not.toContain('membershipPaymentAmount');
    expect(settings.map((s) => s.name)).not.toContain('membershipPaymentPeriod');
    expect(settings.find((s) => s.name === 'orgType')).toMatchObject({ kind: 'enum', readers: 'public' });
    expect(settings.find((s) => s.name === 'client')).toMatchObject({ page: null });
    // Declarations, not values: no defaults, no server-side parts.
    expect(settings.some((s) => 'default' in s || 'serverValue' in s || 'check' in s)).toBe(false);
    expect(settings.find((s) => s.name === 'filesDir')).toMatchObject({ kind: 'text', page: 'organisation', readers: 'authenticated', readOnly: true });
    expect(settings.find((s) => s.name === 'filesDir')!.changedIn).toContain('ASSOCIA_DATA');
    expect(settings.filter((s) => s.readOnly).map((s) => s.name)).toEqual(['filesDir', 'backupDir', 'mailServer', 'mailFrom']);
  });
});

describe('typed readers', () => {
  it('read numbers and flags of the stored values', async () => {
    await storeRaw('sessionIdleDays', '7');
    await storeRaw('auditRetentionDays', '90');
    await storeRaw('SendMessages', 'true');
    expect(await sessionIdleMs(server.database.db)).toBe(7 * DAY);
    expect(await retentionDays(server.database.db)).toBe(90);
    expect(await sendingEnabled(server.database.db)).toBe(true);
    expect(await readSetting(server.database.db, 'cardLetterAddressX')).toBe(110);
    expect(await readSetting(server.database.db, 'requireTwoFactorForAdmins')).toBe(false);
  });

  it('fall back to the default for a value stored before writes were checked', async () => {
    await storeRaw('sessionIdleDays', '45');
    await storeRaw('auditRetentionDays', 'trinta');
    await storeRaw('SendMessages', 'sim');
    await storeRaw('cardLetterAddressX', 'abc');
    expect(await sessionIdleMs(server.database.db)).toBe(14 * DAY);
    expect(await retentionDays(server.database.db)).toBe(730);
    expect(await sendingEnabled(server.database.db)).toBe(false);
    expect(await readSetting(server.database.db, 'cardLetterAddressX')).toBe(110);
  });

  it('fall back to the default of the organisation type for a missing row', async () => {
    await server.database.db.deleteFrom('settings').where('name', 'in', ['memberPlural', 'sessionIdleDays']).execute();
    expect(await readSetting(server.database.db, 'memberPlural')).toBe('Sócios');
    expect(await sessionIdleMs(server.database.db)).toBe(14 * DAY);
    await storeRaw('orgType', 'cooperative');
    expect(await readSetting(server.database.db, 'memberPlural')).toBe('Cooperadores');
  });
});
