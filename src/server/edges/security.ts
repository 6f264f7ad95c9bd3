import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_ADDRESS_HEADER } from '../../core/contract.js';
import { HOST_PAGE_STYLE_SOURCE } from '../web/html.js';
import { trackPublicRoutes } from './public-routes.js';

/**
 * Security headers on every answer, and CORS only on the public endpoints (login,
 * terminology, card verification, applications, payment information, health, error
 * tunnel): the rest of the API answers no other site, except the embedding websites an
 * administrator lists in ASSOCIA_EMBED_ORIGINS. Register before any route.
 */
export interface SecurityOptions {
  /** Websites allowed to call every endpoint (ASSOCIA_EMBED_ORIGINS). */
  embedOrigins?: readonly string[];
}

/** Every answer's security headers, as helmet sets them. */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // No inline styles: styled-components' rules reach the page through adopted sheets
      // (src/widgets/kit/adopted-styles.ts); the host page's own <style> is named by hash.
      styleSrc: ["'self'", HOST_PAGE_STYLE_SOURCE],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // Same-origin API and socket; errors go through our own /api/sentry tunnel.
      connectSrc: ["'self'"],
      // The back office shows PDFs it fetched with the session's token (a card's cover letter)
      // as blob: addresses in a frame; nothing from another origin is ever framed.
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  // Association websites load our element bundles and images from this origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

const ALLOWED_HEADERS = ['Content-Type', 'Authorization', PAGE_ADDRESS_HEADER, 'X-Upload-Token'];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const NO_OTHER_SITE = { origin: false };
const ANY_SITE = { origin: '*', methods: ['GET', 'HEAD', 'POST'], allowedHeaders: ALLOWED_HEADERS, maxAge: 600 };

/**
 * The headers helmet's middleware sets, taken from it once: with these options (no nonce, no
 * function) they are the same on every answer. Set as Fastify's own headers they are checked and
 * written once with the rest. Through the middleware on each request (a setHeader call each, then
 * Node's merge of Fastify's headers into them) they cost 40-50 µs a request in a bare Fastify
 * route answering a list page's 44 KB, against 10-35 µs this way.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    // X-Powered-By: Node and Fastify never set it.
    removeHeader() {},
  };
  securityHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
})();

async function security(app: FastifyInstance, options: SecurityOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });

  const isPublic = trackPublicRoutes(app);
  const embedders = new Set(options.embedOrigins ?? []);
  await app.register(cors, {
    delegator(request, callback) {
      const origin = request.headers.origin;
      // A website the administrator listed embeds elements that work with a session or a key:
      // authorisation is by bearer token, never cookies, so this lends it no one's identity.
      if (origin && embedders.has(origin)) {
        return callback(null, { origin, methods: ALL_METHODS, allowedHeaders: ALLOWED_HEADERS, maxAge: 600 });
      }
      callback(null, isPublic(request) ? ANY_SITE : NO_OTHER_SITE);
    },
  });
}

export const securityPlugin = fp(security, { name: 'associa-security' });
