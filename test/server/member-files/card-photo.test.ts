import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { multipart } from './support.js';

let server: TestServer;
let staff = '';
let state = 0;
let category = 0;

async function memberWithCard(): Promise<{ member: number; card: number }> {
  const created = await server.request({ method: 'POST', url: '/api/members', token: staff, payload: { name: 'Joana Retratada', state, admission_date: '2024-03-15', fee_category: category } });
  expect(created.statusCode, created.body).toBe(201);
  const member = Number(created.json().data._id);
  const issued = await server.request({ method: 'POST', url: '/api/membership_cards/issue', token: staff, payload: { member } });
  expect(issued.statusCode, issued.body).toBe(200);
  return { member, card: Number(issued.json().data._id) };
}

/** The card's PDF as a browser asking for it gets it (SPEC 7's GET membership_cards/{id}). */
async function cardPdf(card: number): Promise<Buffer> {
  const answer = await server.request({ method: 'GET', url: `/api/membership_cards/${card}`, token: staff, headers: { accept: 'application/pdf' } });
  expect(answer.statusCode).toBe(302);
  const file = await server.request({ method: 'GET', url: String(answer.headers.location), token: staff });
  expect(file.headers['content-type']).toBe('application/pdf');
  return file.rawPayload;
}

const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  await server.database.db.updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  category = Number((await server.request({ method: 'POST', url: '/api/fee_categories', token: staff, payload: { name: 'Efetivo' } })).json().data._id);
});
afterAll(async () => {
  await server?.close();
});

describe('the card shows the member’s photo', () => {
  it('an empty frame without one; the photo once uploaded, and the card is drawn again', async () => {
    const { member, card } = await memberWithCard();
    const without = await cardPdf(card);
    expect(images(without)).toBe(0);

    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#aa5533' } }).jpeg().toBuffer();
    const form = multipart([{ name: 'memberID', value: String(member) }, { name: 'file', filename: 'joana.jpg', type: 'image/jpeg', bytes: photo }]);
    expect((await server.request({ method: 'POST', url: '/api/member_photos', token: staff, ...form })).statusCode).toBe(201);
    const withPhoto = await cardPdf(card);
    expect(images(withPhoto)).toBe(1);
    expect(withPhoto.equals(without)).toBe(false);
  });
});
