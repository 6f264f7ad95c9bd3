import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';

/**
 * `db` recording every statement run through it, compiled as it is sent (text and parameters),
 * for a test that checks which statements a read took (an index used, a lookup made, a step
 * committed). Empty `statements` (`length = 0`) between readings.
 */
export function recordingStatements<DB>(db: Kysely<DB>): { db: Kysely<DB>; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), statements };
}
