import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderInThread } from '../../src/server/modules/treasury/pdf/render-in-thread.js';
import { renderTreasuryDocs } from '../../src/server/modules/treasury/pdf/render.js';
import type { TreasuryDocSnapshot } from '../../src/server/modules/treasury/types.js';

// A document's PDF drawn after its issue is drawn in the treasury's drawing thread
// (render-in-thread.ts), off the server's event loop. Its hash is recorded and later checked
// against drawings made on the main thread (a block printed, a drawing verified), so the
// thread must draw exactly the bytes the main thread draws, each asker getting its own.

const LOGO = 7;
const receipt = (number: string, payer: string): TreasuryDocSnapshot => ({
  number,
  type: 'quota',
  issueDate: '2026-11-30',
  issuer: { name: 'Associação Cultural do Vale', nif: '507241835', address: 'Rua da Liberdade, 45, 3500-123 Viseu', logo: LOGO },
  payer: { name: payer, nif: null, address: null, membership: 'Sócio n.º 12' },
  lines: [{ description: 'Quota 2026', amount: 1800 }],
  total: 1800,
  vatWording: 'Isento — artigo 9.º do CIVA',
  wording: null,
  annuls: null,
  paymentMethod: 'MB WAY',
});

describe("the treasury's drawing thread", () => {
  it('draws the bytes the main thread draws, logo included, each drawing answered to its own asker', async () => {
    const logos = new Map([[LOGO, await sharp({ create: { width: 600, height: 200, channels: 4, background: '#1f4e79' } }).png().toBuffer()]]);
    const snapshots = [receipt('R 2026/40', 'Rosa Almeida Teixeira'), receipt('R 2026/41', 'Joaquim Sá Pereira'), receipt('R 2026/42', 'Inês Vaz Rodrigues')];
    const inThread = await Promise.all(snapshots.map((s) => renderInThread([s], s.number, logos)));
    for (const [i, s] of snapshots.entries()) {
      const here = await renderTreasuryDocs([s], s.number, logos);
      expect(inThread[i]!.equals(here), s.number).toBe(true);
    }
    expect(new Set(inThread.map((pdf) => pdf.toString('base64'))).size).toBe(3);
  });

  it('answers a drawing that fails with its reason, and goes on drawing the next ones', async () => {
    const broken = { ...receipt('R 2026/43', 'Rosa Almeida Teixeira'), lines: null } as unknown as TreasuryDocSnapshot;
    await expect(renderInThread([broken], 'R 2026/43', new Map())).rejects.toThrow(/lines|iterable|null/);
    const next = receipt('R 2026/44', 'Rosa Almeida Teixeira');
    expect((await renderInThread([next], next.number, new Map())).equals(await renderTreasuryDocs([next], next.number))).toBe(true);
  });
});
