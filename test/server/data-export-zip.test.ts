import { PassThrough } from 'node:stream';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { hashingZip, ZIP_MAX_ENTRIES } from '../../src/server/modules/data-export/zip-writer.js';

/** A zip writer whose bytes are collected as a reader would take them. */
function collected() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { zip: hashingZip(out), bytes: () => Buffer.concat(chunks) };
}

describe("the export's zip writer", () => {
  it('stops at the 65,535 entries a zip without ZIP64 holds, rather than write a wrong archive', async () => {
    const { zip } = collected();
    for (let i = 0; i < ZIP_MAX_ENTRIES; i += 1) await zip.entry(`e/${i}`, false).end();
    expect(() => zip.entry('one-too-many', false)).toThrow(/limite de um arquivo zip/);
  });

  it('writes entries whole and in order, each with the size and SHA-256 of its bytes', async () => {
    const { zip, bytes } = collected();
    const csv = zip.entry('a.csv', true);
    await csv.write('\uFEFFNome;Valor\r\n');
    await csv.write(Buffer.from('Ana;12,50\r\n'));
    const sum = await csv.end();
    await zip.end();
    await new Promise((resolve) => setImmediate(resolve));
    const entries = unzipSync(new Uint8Array(bytes()));
    expect(Buffer.from(entries['a.csv']!).toString('utf8')).toBe('\uFEFFNome;Valor\r\nAna;12,50\r\n');
    expect(sum.size).toBe(entries['a.csv']!.length);
  });
});
