import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** As compression.ts: smaller answers go as they are. */
const THRESHOLD = 1024;

/**
 * An answer kept between requests (a cached list page) with its compressed forms, made on the
 * first request that asks for each: a cache hit costs no compression at all. The same levels
 * as the compression plugin, so a body reads the same whichever path made it.
 */
export class CompressibleBody {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly bytes: Buffer) {}

  in(encoding: Encoding): Buffer {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer = encoding === 'br' ? brotliCompressSync(this.bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(this.bytes);
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

/** Sends the body in the encoding the request accepts; the plugin leaves an encoded answer alone. */
export function sendCompressible(request: FastifyRequest, reply: FastifyReply, body: CompressibleBody): FastifyReply {
  const header = request.headers['accept-encoding'];
  // 'x-gzip' is gzip, as the plugin reads it.
  const encoding = header && request.headers['x-no-compression'] === undefined ? negotiate(header.toLowerCase().replace(/x-gzip/g, 'gzip'), ENCODINGS) : null;
  if (!encoding || body.bytes.length < THRESHOLD) return reply.send(body.bytes);
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('Vary', `${String(vary)}, accept-encoding`);
  return reply.header('Content-Encoding', encoding).send(body.in(encoding));
}
