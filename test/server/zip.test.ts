import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openZip, ZipDamagedError } from '../../src/server/zip/reader.js';
import { zipWriter, type ZipEntrySum } from '../../src/server/zip/writer.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-zip-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const modified = new Date('2027-03-04T10:00:00Z');

async function sumOf(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** A zip written into `file` with `write`, as the modules write theirs. */
async function zipFile(file: string, write: (zip: ReturnType<typeof zipWriter>) => Promise<ZipEntrySum[]>) {
  const zip = zipWriter(fs.createWriteStream(file), { modified });
  const sums = await write(zip);
  const size = await zip.end();
  return { sums, size };
}

describe('the zip module (yazl, yauzl)', () => {
  it('writes and reads back more than 65,535 entries (ZIP64), each with the size and SHA-256 of its bytes', async () => {
    const file = path.join(scratch, 'many.zip');
    const count = 66_000;
    const { sums, size } = await zipFile(file, async (zip) => {
      const sums: ZipEntrySum[] = [];
      for (let i = 0; i < count; i += 1) sums.push(await zip.add(`e/${i}.txt`, [`entry ${i}\n`], false));
      return sums;
    });
    expect(size).toBe(fs.statSync(file).size);
    const bytes = fs.readFileSync(file);
    // ZIP64's end of central directory record: the 16-bit count of the old one cannot say 70,000.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);

    const zip = await openZip(file);
    try {
      expect(zip.entries.size).toBe(count);
      for (const sum of sums) {
        const entry = zip.entries.get(sum.path)!;
        expect(entry.size).toBe(sum.size);
        expect(await sumOf(await zip.open(entry))).toEqual({ size: sum.size, sha256: sum.sha256 });
      }
    } finally {
      zip.close();
    }
    const last = sums.at(-1)!;
    expect(last).toEqual({ path: `e/${count - 1}.txt`, size: `entry ${count - 1}\n`.length, sha256: createHash('sha256').update(`entry ${count - 1}\n`).digest('hex') });
  }, 120_000);

  it('stores or deflates each entry as asked, from chunks, a stream or nothing, and reads every byte back', async () => {
    const file = path.join(scratch, 'mixed.zip');
    const text = 'Sócio;Quota\r\n'.repeat(20_000);
    const random = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    fs.writeFileSync(path.join(scratch, 'source.bin'), random);
    const { sums } = await zipFile(file, async (zip) => {
      const csv = zip.entry('csv/socios.csv', true);
      await csv.write('\uFEFF');
      await csv.write(text);
      return [await csv.end(), await zip.add('files/1-foto.bin', fs.createReadStream(path.join(scratch, 'source.bin')), false), await zip.add('vazio.json', [], true)];
    });
    expect(sums.map((s) => s.size)).toEqual([Buffer.byteLength(`\uFEFF${text}`), random.length, 0]);
    expect(sums[1]!.sha256).toBe(createHash('sha256').update(random).digest('hex'));
    // Deflated text is much smaller than itself; stored bytes take their own size.
    expect(fs.statSync(file).size).toBeLessThan(random.length + 20_000);
    const zip = await openZip(file);
    try {
      expect([...zip.entries.keys()]).toEqual(['csv/socios.csv', 'files/1-foto.bin', 'vazio.json']);
      for (const sum of sums) expect(await sumOf(await zip.open(zip.entries.get(sum.path)!))).toEqual({ size: sum.size, sha256: sum.sha256 });
      const csv = Buffer.concat(await (await zip.open(zip.entries.get('csv/socios.csv')!)).toArray());
      expect(csv.toString('utf8')).toBe(`\uFEFF${text}`);
    } finally {
      zip.close();
    }
  });

  it('waits for a slow output: only a few chunks are taken ahead of what the output has read', async () => {
    const out = new PassThrough();
    const zip = zipWriter(out, { modified });
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const chunks = function* () {
      for (let i = 0; i < 100; i += 1) {
        pulled += 1;
        yield chunk;
      }
    };
    const adding = zip.add('big.bin', chunks(), false);
    for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
    // 100 chunks (6.4 MB) offered; nobody reads the output, so the writer holds back.
    expect(pulled).toBeLessThan(20);
    const read = sumOf(out);
    const sum = await adding;
    await zip.end();
    expect(pulled).toBe(100);
    expect((await read).size).toBeGreaterThan(sum.size);
  });

  it('refuses a truncated file, one that is no zip, or an entry whose bytes do not inflate, with the damaged error', async () => {
    const file = path.join(scratch, 'whole.zip');
    await zipFile(file, async (zip) => [await zip.add('a.txt', ['a'.repeat(10_000)], true), await zip.add('b.txt', ['b'], false)]);
    const whole = fs.readFileSync(file);
    const cut = path.join(scratch, 'cut.zip');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.7)));
    await expect(openZip(cut)).rejects.toBeInstanceOf(ZipDamagedError);
    const text = path.join(scratch, 'text.zip');
    fs.writeFileSync(text, 'Isto não é um zip.');
    await expect(openZip(text)).rejects.toBeInstanceOf(ZipDamagedError);
    // Whole, but the first entry's deflated bytes garbled (0xff: a block of the reserved type): its stream fails.
    const garbled = Buffer.from(whole);
    garbled[30 + garbled.readUInt16LE(26) + garbled.readUInt16LE(28)] = 0xff;
    const bad = path.join(scratch, 'garbled.zip');
    fs.writeFileSync(bad, garbled);
    const zip = await openZip(bad);
    try {
      await expect(sumOf(await zip.open(zip.entries.get('a.txt')!))).rejects.toBeInstanceOf(ZipDamagedError);
      expect(await sumOf(await zip.open(zip.entries.get('b.txt')!))).toMatchObject({ size: 1 });
    } finally {
      zip.close();
    }
    // A missing file is no damage: the system's error comes through as it is.
    await expect(openZip(path.join(scratch, 'missing.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
