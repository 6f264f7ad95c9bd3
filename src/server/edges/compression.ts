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
// Not encapsulated (fastify-plugin): the hook must reach every route the application registers.
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});
