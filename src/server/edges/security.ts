import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_ADDRESS_HEADER } from '../../core/contract.js';
import { trackPublicRoutes } from './public-routes.js';

/**
 * Security headers on every answer, and CORS only on the public endpoints (login,
 * terminology, card verification, applications, payment information, health, error
 * tunnel): the rest of the API answers no other site. Register before any route.
 */
async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Same-origin API and socket; errors go through our own /api/sentry tunnel.
        connectSrc: ["'self'"],
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

  const isPublic = trackPublicRoutes(app);
  await app.register(cors, {
    delegator(request, callback) {
      if (!isPublic(request)) return callback(null, { origin: false });
      callback(null, {
        origin: '*',
        methods: ['GET', 'HEAD', 'POST'],
        allowedHeaders: ['Content-Type', 'Authorization', PAGE_ADDRESS_HEADER],
        maxAge: 600,
      });
    },
  });
}

export const securityPlugin = fp(security, { name: 'associa-security' });
