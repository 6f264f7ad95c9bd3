import fs from 'node:fs';
import { Readable } from 'node:stream';
import { RandomAccessReader } from 'yauzl';

/** Bytes read from the file at once: a central directory entry is 46 bytes and a name, a small entry a few hundred. */
const BLOCK = 256 * 1024;
/** Blocks kept: the central directory's next entries and the small entries near each other. */
const KEPT_BLOCKS = 8;

/**
 * A zip file read for yauzl in blocks of BLOCK bytes, the last few kept. yauzl reads the central
 * directory in two reads per entry, and each entry's local header in one more: with its own file
 * reader each is a read on libuv's thread pool, and 66,000 entries spent 9.6 s opening and 11.8 s
 * reading back, mostly waiting on those reads. Here they are copies from a block, and an entry's
 * bytes are streamed block by block (never through fs.createReadStream: destroying one of those
 * closes the descriptor every entry of the zip reads through).
 */
export class BlockReader extends RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();

  constructor(
    private readonly fd: number,
    private readonly size: number,
  ) {
    super();
  }

  private block(index: number): Promise<Buffer> {
    let block = this.blocks.get(index);
    if (block) {
      // Most recently used last: the first in the map is the one to let go.
      this.blocks.delete(index);
      this.blocks.set(index, block);
      return block;
    }
    const start = index * BLOCK;
    // Past the end of the file (a damaged directory pointing there): an empty block.
    const length = Math.max(0, Math.min(BLOCK, this.size - start));
    block = new Promise<Buffer>((resolve, reject) => {
      const buffer = Buffer.allocUnsafe(length);
      fs.read(this.fd, buffer, 0, length, start, (error, read) => (error ? reject(error) : resolve(buffer.subarray(0, read))));
    });
    // A failed read is not kept: the next asker reads again.
    block.catch(() => this.blocks.delete(index));
    this.blocks.set(index, block);
    if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    return block;
  }

  /** The bytes from `start` to `end` (exclusive), from the blocks that hold them. */
  private async bytes(start: number, end: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let index = Math.floor(start / BLOCK); index * BLOCK < end; index += 1) {
      const block = await this.block(index);
      const from = Math.max(start - index * BLOCK, 0);
      const to = Math.min(end - index * BLOCK, block.length);
      // Short of the range: the file ends first (yauzl reports the missing bytes).
      if (to <= from) break;
      parts.push(block.subarray(from, to));
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (error: Error | null) => void): void {
    this.bytes(position, position + length).then(
      (bytes) => {
        if (bytes.length < length) return callback(new Error('unexpected EOF'));
        bytes.copy(buffer, offset);
        callback(null);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // Up to the end of the block `from` lies in: a long entry passes through the blocks one by one.
    const upToBlockEnd = (from: number) => this.bytes(from, Math.min(end, (Math.floor(from / BLOCK) + 1) * BLOCK));
    let position = start;
    return new Readable({
      read() {
        if (position >= end) return void this.push(null);
        upToBlockEnd(position).then(
          (chunk) => {
            position += chunk.length;
            // Nothing read: the file ends first (yauzl reports the missing bytes).
            this.push(chunk.length === 0 ? null : chunk);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
  }

  override close(callback: (error: Error | null) => void): void {
    this.blocks.clear();
    fs.close(this.fd, callback);
  }
}
