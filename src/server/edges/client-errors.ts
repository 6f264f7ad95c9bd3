import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { defaultErrorCode, STATUS_PHRASES } from '../errors.js';

// What Node reports before any route runs: a request too slow to arrive, headers too large,
// or bytes that are not HTTP at all.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'O pedido demorou demasiado a chegar. Tente novamente.'],
  HPE_HEADER_OVERFLOW: [431, 'Os cabeçalhos do pedido são demasiado grandes.'],
};
const MALFORMED: [number, string] = [400, 'Pedido HTTP inválido.'];

/**
 * Answers a connection Node gave up on (Fastify's `clientErrorHandler`) as every other error
 * is answered: a JSON body with a pt-PT message. Then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED;
  const body = JSON.stringify({ statusCode, error: STATUS_PHRASES[statusCode] ?? STATUS_CODES[statusCode], code: defaultErrorCode(statusCode), message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
