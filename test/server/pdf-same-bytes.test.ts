import { describe, expect, it, vi } from 'vitest';
import type { TreasuryDocSnapshot } from '../../src/server/modules/treasury/types.js';

// A document's bytes follow from its content alone (src/server/pdf/document.ts): the hash stored
// for a receipt means its data, and one drawn again from its snapshot is the same file, whether
// it is the first document a freshly started server draws or the thousandth.

const receipt: TreasuryDocSnapshot = {
  number: 'R 2026/12', type: 'quota', issueDate: '2026-03-02', issuer: { name: 'Associação Cultural do Vale', nif: '507241835', address: 'Rua da Liberdade, 45, 3500-123 Viseu' },
  payer: { name: 'Rosa Almeida Teixeira', nif: null, address: null }, lines: [{ description: 'Quota 2026', amount: 1800 }],
  total: 1800, vatWording: 'Isento — artigo 9.º do CIVA', wording: null, annuls: null, paymentMethod: 'MB WAY',
};

describe('a PDF drawn again', () => {
  it('is the same bytes as the first one a fresh server drew of the same content', async () => {
    // A fresh module registry: pdfkit and the shared fonts as a server that has drawn nothing yet holds them.
    vi.resetModules();
    const { renderTreasuryDocs } = await import('../../src/server/modules/treasury/pdf/render.js');
    const first = await renderTreasuryDocs([receipt], receipt.number);
    await renderTreasuryDocs([{ ...receipt, number: 'R 2026/13', payer: { ...receipt.payer, name: 'Outro Sócio' } }], 'R 2026/13');
    const again = await renderTreasuryDocs([receipt], receipt.number);
    expect(again.equals(first)).toBe(true);
  });
});
