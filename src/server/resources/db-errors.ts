import { conflict, invalidRecord } from '../errors.js';
import type { Resource } from './define.js';

interface DriverError {
  code?: string;
  message?: string;
  detail?: string;
}

/**
 * Turns a constraint the database enforced (two requests racing past the same check) into the
 * answer the check would have given; other errors pass through unchanged.
 */
export function translateDbError(error: unknown, resource: Resource): unknown {
  const e = error as DriverError;
  const uniqueSqlite = e.code === 'SQLITE_CONSTRAINT_UNIQUE' ? /\.(\w+)$/.exec(e.message ?? '')?.[1] : undefined;
  const uniquePg = e.code === '23505' ? /Key \((\w+)\)/.exec(e.detail ?? '')?.[1] : undefined;
  const field = uniqueSqlite ?? uniquePg;
  if (field && resource.field(field)) return invalidRecord({ [field]: 'Já existe um registo com este valor.' });
  if (e.code === '23503' || (e.code?.startsWith('SQLITE_CONSTRAINT') && /FOREIGN KEY/.test(e.message ?? ''))) {
    return conflict('O registo está a ser usado noutros registos e não pode ser apagado nem alterado assim.');
  }
  return error;
}

export const isUniqueViolation = (error: unknown) => {
  const code = (error as DriverError).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};
