import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { xsdErrors } from '../../support/xsd.js';

// The pain.008 files the bank receives, checked against the ISO 20022 schema of their own
// version (test/fixtures/xsd, provenance in its README): a batch with first and recurrent
// collections, amounts from one cent up, and names and descriptions full of what SEPA does not
// allow (accents, &, <, quotes, €, letters with no Latin base, more than the field holds).

let server: ResourceTestServer;
let staff: string;
let batch: number;

const VERSIONS = ['pain.008.001.02', 'pain.008.001.08'] as const;
const CREDITOR_ID = 'PT73ZZZ123456';
const LONG_NAME = 'Maria da Conceição Gonçalves de Albuquerque e Vasconcelos Sá-Carneiro Telles da Gama';
const LONG_DESCRIPTION = `Quota anual de 2026 — sócio efetivo, com seguro desportivo incluído e participação no “Encontro Nacional” (inscrição n.º 42) ${'e mais '.repeat(8)}`;

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const day = (offsetDays: number) => new Date(server.ctx.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(staff, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function mandatedMember(name: string, reference: string, iban: string, bic?: string) {
  const member = await post('/api/members', { dues_exempt: true, name, state: await server.stateId('Ativo') });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  const id = Number(member.body.data._id);
  const mandate = await post('/api/sepa_mandates', { member: id, iban, reference, signature_date: '2025-10-01', ...(bic ? { bic } : {}) });
  expect(mandate.status, JSON.stringify(mandate.body)).toBe(201);
  return id;
}

async function raise(member: number, amount: number, description: string) {
  const answer = await post('/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount, due_date: day(-1), description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

async function prepare(debts: number[]) {
  const answer = await post('/api/direct_debit_batches/prepare', { collection_date: day(10), debts });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.items).toBe(debts.length);
  return Number(answer.body.data.batch._id);
}

async function exported(id: number, version: string) {
  const response = await server.request({ method: 'GET', url: `/api/direct_debit_batches/${id}/pain008.xml?version=${version}`, token: staff });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  await setSetting('associationIban', 'PT50 0002 0123 1234 5678 9015 4');
  await setSetting('name', 'Associação Cultural & Recreativa «Os Amigos» de São João <Porto>');
  await setSetting('sepaCreditorId', CREDITOR_ID);

  const jose = await mandatedMember('José Conceição Gonçalves', 'JCG-2025/001', 'PT50000201231234567890154', 'CGDIPTPL');
  const maria = await mandatedMember('Maria d’Assunção & Filhos "Lda."', "MA (2025) 'B'", 'DE89370400440532013000');
  const lukasz = await mandatedMember('Łukasz Øster-Müller <ßeta> Zoë', 'LOM+2025?1:2', 'FR1420041010050500013M02606');
  const long = await mandatedMember(LONG_NAME, 'MCG-2025-001', 'ES9121000418450200051332');

  // José and Maria are collected once and confirmed, so their mandates move on to recurrent.
  const first = await prepare([await raise(jose, 1500, 'Inscrição'), await raise(maria, 1500, 'Inscrição')]);
  expect((await post(`/api/direct_debit_batches/${first}/confirm`, { date: day(10) })).status).toBe(200);

  batch = await prepare([
    await raise(jose, 1, 'Acerto de 1 cêntimo — arredondamento'),
    await raise(maria, 123_456, 'Quota 2026 & seguro <desportivo> (€ 1.234,56)'),
    await raise(lukasz, 1999, 'Jantar de São Martinho: 1.º turno'),
    await raise(long, 250, LONG_DESCRIPTION),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('pain.008 against the ISO 20022 schema of its version', () => {
  for (const version of VERSIONS) {
    it(`${version}: first and recurrent collections, cents and restricted characters validate`, async () => {
      const xml = await exported(batch, version);
      expect(await xsdErrors(xml, `${version}.xsd`)).toEqual([]);

      // What made it valid is what the bank relies on: both sequences, the amounts, the sum.
      expect(xml).toContain(`xmlns="urn:iso:std:iso:20022:tech:xsd:${version}"`);
      expect([...xml.matchAll(/<SeqTp>(\w+)<\/SeqTp>/g)].map((m) => m[1])).toEqual(['FRST', 'RCUR']);
      expect([...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]+)<\/InstdAmt>/g)].map((m) => m[1]).sort()).toEqual(['0.01', '1234.56', '19.99', '2.50']);
      expect(xml).toMatch(/<GrpHdr>[\s\S]*<NbOfTxs>4<\/NbOfTxs>\s*<CtrlSum>1257\.06<\/CtrlSum>/);
      // Only the SEPA Latin set reaches the bank; names and texts cut to what their fields hold.
      expect(xml).toMatch(/^[\t\n\r -~]*$/);
      expect(xml).toContain('<Nm>Jose Conceicao Goncalves</Nm>');
      expect(xml).toContain('<Nm>Associacao Cultural Recreativa Os Amigos de Sao Joao Porto</Nm>');
      for (const [, name] of xml.matchAll(/<Nm>([^<]*)<\/Nm>/g)) expect(name!.length).toBeLessThanOrEqual(70);
      for (const [, text] of xml.matchAll(/<Ustrd>([^<]*)<\/Ustrd>/g)) expect(text!.length).toBeLessThanOrEqual(140);
      expect(xml).toContain('<Nm>Lukasz Oster-Muller sseta Zoe</Nm>');
      expect(xml).toContain('<Nm>Maria da Conceicao Goncalves de Albuquerque e Vasconcelos Sa-Carneiro</Nm>');
    });
  }

  it('the schemas do reject a broken document (the check is not vacuous)', async () => {
    for (const version of VERSIONS) {
      const xml = await exported(batch, version);
      const commaAmount = xml.replace('<InstdAmt Ccy="EUR">0.01</InstdAmt>', '<InstdAmt Ccy="EUR">0,01</InstdAmt>');
      expect(commaAmount).not.toBe(xml);
      expect((await xsdErrors(commaAmount, `${version}.xsd`)).join('\n'), version).toMatch(/InstdAmt.*'0,01'/);
      const unknownSequence = xml.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>ONCE</SeqTp>');
      expect((await xsdErrors(unknownSequence, `${version}.xsd`)).join('\n'), version).toMatch(/SeqTp.*'ONCE'/);
      const other = VERSIONS.find((v) => v !== version)!;
      expect(await xsdErrors(xml, `${other}.xsd`), `${version} against ${other}`).not.toEqual([]);
    }
  });
});
