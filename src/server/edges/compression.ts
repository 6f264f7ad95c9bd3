import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Answers compressed by the request's Accept-Encoding (brotli, then gzip): a 100-member list is
 * about a quarter of its JSON on the wire. Brotli at quality 4 (the plugin's default) costs
 * about what gzip does; the web build's files are compressed once at build time at the highest
 * levels and served as they are (src/server/web/plugin.ts), so this compresses only what is
 * made per request. Small answers (under 1 KB) go as they are: the headers would cost more.
 */
/*
 * Answers up to this size are compressed in one synchronous call (under a millisecond at brotli
 * quality 4); larger ones, and every streamed answer (a `_limit=-1` list, a CSV export), go
 * through a zlib stream on libuv's thread pool, chunk by chunk as they are written, so no answer
 * holds the event loop for its compression. Stated rather than the plugin's default, which
 * moves with the machine's core count.
 */
const SYNC_COMPRESSION_BYTES = 32 * 1024;

// Not encapsulated (fastify-plugin): the hook must reach every route the application registers.
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024, syncThreshold: SYNC_COMPRESSION_BYTES });
});
