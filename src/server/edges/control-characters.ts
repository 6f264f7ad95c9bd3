import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.js';

// C0 controls and DEL. Text typed in a form may hold tabs and line breaks; nothing else of
// these is ever meant, and NUL breaks both databases (PostgreSQL refuses it, SQLite cuts text there).
const IN_QUERY = /[\u0000-\u001f\u007f]/;
const IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A name as it can be shown in a message: control characters spelled out. */
const printable = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const refuse = (kind: 'campo' | 'parâmetro', name: string) =>
  badRequest(`O ${kind} "${printable(name)}" contém caracteres de controlo não permitidos.`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** Query and route parameters: flat strings or lists of strings, with no control character at all. */
function checkParameters(values: unknown): void {
  if (!isPlainObject(values)) return;
  for (const [name, value] of Object.entries(values)) {
    if (IN_QUERY.test(name)) throw refuse('parâmetro', name);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && IN_QUERY.test(item)) throw refuse('parâmetro', name);
    }
  }
}

/**
 * Every string of a JSON body, nested ones and member names included. Walked with a list
 * rather than recursion: a body may nest deeper than the call stack.
 */
function checkBody(body: unknown): void {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return;
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (IN_BODY.test(value)) throw refuse('campo', path);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push([value[index], `${path}[${index}]`]);
    } else if (isPlainObject(value)) {
      // Pushed last first, so the first offender in the body is the one named.
      for (const [name, item] of Object.entries(value).reverse()) {
        const itemPath = path ? `${path}.${name}` : name;
        if (IN_BODY.test(name)) throw refuse('campo', itemPath);
        pending.push([item, itemPath]);
      }
    }
  }
}

/** Checks a request's query, route parameters and JSON body; a 400 names the first offender. */
export function refuseControlCharacters(request: FastifyRequest): void {
  checkParameters(request.query);
  checkParameters(request.params);
  checkBody(request.body);
}

/**
 * Refuses control characters in every string input of every route, before any handler,
 * validation or database sees them. Raw bodies (buffers) are not text and pass untouched.
 */
export const controlCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => refuseControlCharacters(request));
});
