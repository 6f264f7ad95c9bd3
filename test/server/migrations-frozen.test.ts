import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { resources } from './support/app-registry.js';
import { searchColumns } from '../../src/server/resources/search.js';
import type { Field, Resource } from '../../src/server/resources/define.js';
import { openFreshDatabase, schemaSnapshot, searchIndexColumns } from './support/schema-snapshot.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The schema every migration together creates on a fresh database of the test engine. */
async function migratedSchema(): Promise<string[]> {
  const database = await openFreshDatabase();
  try {
    await migrate(database.db, database.engine, appMigrations);
    return await schemaSnapshot(database);
  } finally {
    await database.drop();
  }
}

const restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.splice(0).reverse()) undo();
});

/** Changes, in memory, everything a migration might wrongly read from today's definitions. */
function changeDefinitions(): void {
  for (const resource of resources as Mutable<Resource>[]) {
    const searchIndex = resource.searchIndex;
    resource.searchIndex = !searchIndex;
    restore.push(() => (resource.searchIndex = searchIndex));
    for (const field of resource.fields as Mutable<Field>[]) {
      const { searchable, type } = field;
      field.searchable = !searchable;
      if (type === 'string') field.type = 'integer';
      restore.push(() => Object.assign(field, { searchable, type }));
    }
  }
}

describe('released migrations', () => {
  it('create the same schema whatever the resource definitions say now', async () => {
    const today = await migratedSchema();
    expect(today.some((line) => line.includes('members_search'))).toBe(true);
    changeDefinitions();
    expect(searchColumns(resources.find((r) => r.name === 'members')!).map((f) => f.name)).not.toContain('name');
    expect(await migratedSchema()).toEqual(today);
  });

  it("index exactly the columns each indexed resource searches (else a query would miss its index)", async () => {
    const database = await openFreshDatabase();
    try {
      await migrate(database.db, database.engine, appMigrations);
      for (const resource of resources.filter((r) => r.searchIndex)) {
        const searched = searchColumns(resource).map((f) => f.name);
        expect(await searchIndexColumns(database, resource.name), resource.name).toEqual(searched);
      }
    } finally {
      await database.drop();
    }
  });
});
