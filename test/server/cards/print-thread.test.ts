import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCardCode } from '../../../src/server/modules/cards/codes.js';
import { cardFaces, printSettings } from '../../../src/server/modules/cards/faces.js';
import * as pdfDocument from '../../../src/server/modules/cards/pdf/document.js';
import { drawCardsInThread } from '../../../src/server/modules/cards/pdf/draw-in-thread.js';
import { PRINT_INLINE_MAX, selectedCards } from '../../../src/server/modules/cards/print.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { insertInBatches } from '../../../src/server/seed/batches.js';
import { startTestServer, type TestServer } from '../support/server.js';

// The main thread's drawing of cards, watched: a print job must not call it (its cards are
// drawn in the print thread, which loads its own copy of the module).
vi.mock('../../../src/server/modules/cards/pdf/document.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/modules/cards/pdf/document.js')>();
  return { ...actual, drawCards: vi.fn(actual.drawCards) };
});

let server: TestServer;
let staff: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  staff = (await server.login(await server.createUser('editor'))).access;
});
afterAll(async () => {
  await server?.close();
});

describe('a print job', () => {
  it("draws its cards in the print thread, the same bytes as the main thread's drawing, with its progress to the last card", async () => {
    const state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
    const category = Number((await db().insertInto('fee_categories').values({ name: 'Impressão', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).returning('_id').executeTakeFirstOrThrow())._id);
    const count = PRINT_INLINE_MAX + 1;
    const stamp = new Date(server.ctx.now()).toISOString();
    await insertInBatches(db(), 'members', Array.from({ length: count }, (_, i) => ({ name: `Impressa ${i + 1}`, number: 90_000 + i, state, admission_date: '2020-01-01', fee_category: category, created_at: stamp, updated_at: stamp })));
    const members = await db().selectFrom('members').select('_id').where('fee_category', '=', category).execute();
    await insertInBatches(db(), 'membership_cards', members.map((m) => ({ member: m._id, code: newCardCode(), state: 'active', issued_at: '2026-01-01', valid_until: '2026-12-31', created_at: stamp, updated_at: stamp, _version: 1 })));

    const queued = await server.request({ method: 'GET', url: `/api/membership_cards?type=category&category=${category}`, token: staff });
    expect(queued.statusCode, queued.body).toBe(202);
    vi.mocked(pdfDocument.drawCards).mockClear();
    await server.app.jobs.tick();
    expect(pdfDocument.drawCards).not.toHaveBeenCalled();

    const state_ = (await server.request({ method: 'GET', url: `/api/membership_cards/print/${queued.json().data.job._id}`, token: staff })).json().data;
    expect(state_).toMatchObject({ state: 'done', progress: count, total: count, count });
    const printed = (await server.request({ method: 'GET', url: state_.url, token: staff })).rawPayload;

    const cards = await selectedCards(db(), { type: 'category', includeLetters: false, category });
    const faces = await cardFaces(db(), cards, server.ctx.config.publicUrl, server.ctx.files);
    const here = await pdfDocument.renderCards({ faces, ...(await printSettings(db())), title: faces[0]!.title });
    expect(printed.equals(here)).toBe(true);
  });
});

describe('the print thread', () => {
  it('hands out the pages as it draws them, not all at the end', async () => {
    const faces = Array.from({ length: 201 }, (_, i) => ({
      organisation: 'Associação',
      title: 'Cartão de Sócio',
      name: `Sócio ${i + 1}`,
      number: String(i + 1),
      category: 'Geral',
      since: 'Sócio desde 01/01/2020',
      validUntil: '31/12/2026',
      code: 'ABCD-EFGH-IJKLM',
      url: `https://associa.test/v/CODE${i}`,
    }));
    const received: Buffer[] = [];
    const seen: { done: number; bytes: number }[] = [];
    const drawing = drawCardsInThread({ faces, layout: 'a4', offsets: { x: 0, y: 0 }, title: 'Cartões', every: 50 }, async (done) => {
      seen.push({ done, bytes: received.reduce((sum, piece) => sum + piece.length, 0) });
    });
    drawing.pdf.on('data', (piece: Buffer) => received.push(piece));
    await drawing.drawn;
    drawing.pdf.end();
    expect(seen.map((s) => s.done)).toEqual([50, 100, 150, 200, 201]);
    // Twenty pages of ten cards are well over one 64 KB piece: some are out before the last card.
    expect(seen.find((s) => s.done === 200)!.bytes).toBeGreaterThan(0);
    expect(Buffer.concat(received).equals(await pdfDocument.renderCards({ faces, layout: 'a4', offsets: { x: 0, y: 0 }, title: 'Cartões' }))).toBe(true);
  });
});
