import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { BROTLI_QUALITY } from './compression.js';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** As compression.ts: smaller answers go as they are. */
const THRESHOLD = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressions made so far, by encoding: tests read it to prove a cache hit compresses nothing. */
const made: Record<Encoding, number> = { br: 0, gzip: 0 };

/** A copy of the counts of compressions made in this process so far. */
export const compressionsMade = (): Readonly<Record<Encoding, number>> => ({ ...made });

/**
 * The same levels as the compression plugin, so a body reads the same whichever path made it;
 * zlib's asynchronous calls, on its thread pool: a large page never holds up other requests.
 */
function compress(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  made[encoding] += 1;
  return encoding === 'br' ? brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipAsync(bytes);
}

/**
 * An answer kept between requests (a cached list page) with its compressed forms, each made on
 * the first request that asks for it (requests arriving meanwhile wait for the same one): a
 * cache hit costs no compression at all.
 */
export class CompressibleBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private encodedBytes = 0;
  private grown: (() => void) | undefined;

  constructor(readonly bytes: Buffer) {}

  /** The JSON and the compressed forms made so far: what keeping this body costs. */
  get size(): number {
    return this.bytes.length + this.encodedBytes;
  }

  /** Calls `listener` after each compressed form is added (the cache holding the body counts it). */
  onGrow(listener: () => void): void {
    this.grown = listener;
  }

  in(encoding: Encoding): Promise<Buffer> {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer = compress(encoding, this.bytes).then(
        (compressed) => {
          this.encodedBytes += compressed.length;
          this.grown?.();
          return compressed;
        },
        (error: unknown) => {
          // Not kept: the next request tries again.
          this.encoded.delete(encoding);
          throw error;
        },
      );
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

/**
 * Sends the body in the encoding the request accepts. The plugin's onSend hook passes an answer
 * that already has a Content-Encoding (other than identity) as it is, so nothing is compressed twice.
 */
export async function sendCompressible(request: FastifyRequest, reply: FastifyReply, body: CompressibleBody): Promise<FastifyReply> {
  const header = request.headers['accept-encoding'];
  // 'x-gzip' is gzip, as the plugin reads it.
  const encoding = header && request.headers['x-no-compression'] === undefined ? negotiate(header.toLowerCase().replace(/x-gzip/g, 'gzip'), ENCODINGS) : null;
  if (!encoding || body.bytes.length < THRESHOLD) return reply.send(body.bytes);
  const compressed = await body.in(encoding);
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('Vary', `${String(vary)}, accept-encoding`);
  return reply.header('Content-Encoding', encoding).send(compressed);
}
