import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { coded } from '../errors.js';

// C0 controls and DEL. Text typed in a form may hold tabs and line breaks; nothing else of
// these is ever meant, and NUL breaks both databases (PostgreSQL refuses it, SQLite cuts text there).
const IN_QUERY = /[\u0000-\u001f\u007f]/;
const IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// A deeply nested field's path can be as long as the body: the message shows its end.
const MAX_NAME_LENGTH = 120;

/** A name as it can be shown in a message: control characters spelled out, a long path cut. */
function printable(name: string): string {
  const shown = name.length > MAX_NAME_LENGTH ? `…${name.slice(-MAX_NAME_LENGTH)}` : name;
  return shown.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const refuse = (kind: 'campo' | 'parâmetro', name: string) =>
  coded(400, 'control_characters', `O ${kind} "${printable(name)}" contém caracteres de controlo não permitidos.`);

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
      continue;
    }
    // Children are pushed last first, so they are checked in the body's order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push([value[index], `${path}[${index}]`]);
    } else if (isPlainObject(value)) {
      const members = Object.entries(value).map(([name, item]): [unknown, string] => [item, path ? `${path}.${name}` : name]);
      const badName = Object.keys(value).findIndex((name) => IN_BODY.test(name));
      if (badName >= 0) throw refuse('campo', members[badName]![1]);
      for (let index = members.length - 1; index >= 0; index -= 1) pending.push(members[index]!);
    }
  }
}

/** Checks a request's query, route parameters and JSON body; a 400 names the first offender. */
function refuseControlCharacters(request: FastifyRequest): void {
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
