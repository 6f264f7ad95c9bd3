import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants as zlib } from 'node:zlib';

/*
 * Answers compressed by the request's Accept-Encoding (brotli, then gzip): a 100-member list is
 * about a quarter of its JSON on the wire. Brotli at BROTLI_QUALITY (below) costs less than
 * gzip does; the web build's files are compressed once at build time at the highest
 * levels and served as they are (src/server/web/plugin.ts), so this compresses only what is
 * made per request. Small answers (under 1 KB) go as they are: the headers would cost more.
 */
/*
 * Answers up to this size are compressed in one synchronous call (under a millisecond); larger
 * ones, and every streamed answer (a `_limit=-1` list, a CSV export), go
 * through a zlib stream on libuv's thread pool, chunk by chunk as they are written, so no answer
 * holds the event loop for its compression. Stated rather than the plugin's default, which
 * moves with the machine's core count.
 */
const SYNC_COMPRESSION_BYTES = 32 * 1024;

/**
 * Brotli's quality for what is compressed per request (the plugin's default is 4). Measured on
 * this machine, medians of 3-7: the CSV export of 100,000 members (13 MB) streamed in 256 KB
 * writes took 179 ms at 4 and 69 ms at 2, and came out smaller at 2 (2.27 MB against 2.41 MB);
 * a JSON list of 20,000 members (7.5 MB) 43 ms at 4 and 16 ms at 2, 6 % larger; a page of 100
 * members 0.20 ms at 4 and 0.11 ms at 2, 2 % larger. On two cores the compressing thread is what
 * a large compressed answer waits for.
 */
export const BROTLI_QUALITY = 2;

// Not encapsulated (fastify-plugin): the hook must reach every route the application registers.
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
});
