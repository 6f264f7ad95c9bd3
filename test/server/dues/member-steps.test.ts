import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRun, type MemberStep } from '../../../src/server/modules/dues/member-steps.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { planOf } from '../support/query-plan.js';
import { recordingStatements } from '../support/statement-recorder.js';

// A run over every member in several passes (reminder planning: one a stage) shares one run
// (memberRun): the ranges of members and households are read once, on the first pass, and a
// pass's first step is sized as the pass before last measured, not from the initial size again,
// but never larger than the run's first. Each pass covers every member once. Both engines; the
// clock is the test's.

let server: ResourceTestServer;
let staff: string;
const members: number[] = [];

const db = () => server.database.db;
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);


/** The member ids a step covers (the set-based statements' condition, read here in JavaScript). */
async function covered(step: MemberStep): Promise<number[]> {
  const rows = await db().selectFrom('members').select(['_id', 'household']).orderBy('_id').execute();
  return rows
    .filter((row) => {
      if (step.of === 'all') return true;
      if (step.of === 'household') return row.household !== null && Number(row.household) >= step.from && Number(row.household) < step.to;
      return row.household === null && row._id >= step.from && row._id < step.to;
    })
    .map((row) => row._id);
}

describe('member steps: one run, several passes', () => {
  beforeAll(async () => {
    server = await startResourceServer();
    staff = (await server.as('editor')).token;
    const active = await server.stateId('Ativo');
    for (let number = 1; number <= 40; number += 1) {
      const answer = await post('/api/members', { name: `Sócio ${number}`, number, state: active, admission_date: '2020-01-15', dues_exempt: true });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      members.push(Number(answer.body.data._id));
    }
    // Two households of three members each.
    for (const [index, name] of ['Agregado Silva', 'Agregado Costa'].entries()) {
      const created = await post('/api/households', { name, payer_member: members[index * 3] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const household = Number(created.body.data._id);
      await db()
        .updateTable('members')
        .set({ household })
        .where('_id', 'in', members.slice(index * 3, index * 3 + 3))
        .execute();
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads the ranges once, carries the learned step size to the next pass, and covers every member once a pass', async () => {
    const counted = recordingStatements(db());
    // Each step "takes" 64 ms against a budget of 16 ms: steps shrink to a quarter at a time (the
    // most a step changes) down to the floor, an eighth of the first size.
    let now = 0;
    const clock = () => now;
    const run = memberRun(counted.db, { members: 16, budgetMs: 16 }, clock);
    const passes: { sizes: number[]; ids: number[] }[] = [];
    for (let pass = 0; pass < 2; pass += 1) {
      const sizes: number[] = [];
      const ids: number[] = [];
      await run.forEachStep(async (step) => {
        const mine = await covered(step);
        if (step.of === 'solo') sizes.push(step.to - step.from);
        ids.push(...mine);
        now += 64;
      });
      passes.push({ sizes, ids });
    }
    // The ranges were read on the first pass only (three statements); `covered` reads through
    // the uncounted handle.
    expect(counted.statements.length).toBe(3);
    // The members' range comes from the ends of the primary key, not from reading every member
    // (SQLite scanned them all for min() and max() in one SELECT: 28 ms at 100,000).
    const range = counted.statements.find((statement) => /max\(_id\)/i.test(statement.sql) && !/households/.test(statement.sql))!;
    expect(await planOf(server.database, range)).not.toMatch(/^SCAN members|Seq Scan on members/m);
    for (const { ids } of passes) expect([...ids].sort((a, b) => a - b)).toEqual(members);
    // First pass: 16 ids a step, then 4 (a quarter), then 2 (the floor).
    expect(passes[0]!.sizes.slice(0, 3)).toEqual([16, 4, 2]);
    // Second pass: from the size the first pass ended with, not 16 again.
    expect(passes[1]!.sizes[0]).toBe(2);
  });

  it('starts a pass no larger than the run began, whatever the pass before grew to', async () => {
    // Reminder planning's first stage reaches few members, so its steps cost little and grow; the
    // next stage reaches many, and its first step, carried over at the grown size, held the loop
    // a quarter of a second.
    let now = 0;
    const run = memberRun(db(), { members: 4, budgetMs: 16 }, () => now);
    const sizes: number[][] = [];
    for (const stepMs of [1, 16]) {
      const pass: number[] = [];
      await run.forEachStep(async (step) => {
        if (step.of === 'solo') pass.push(step.to - step.from);
        now += stepMs;
      });
      sizes.push(pass);
    }
    // Cheap steps double each time (the most a step grows): 4, 8, 16...
    expect(sizes[0]!.slice(0, 3)).toEqual([4, 8, 16]);
    // The next pass starts at 4 again, not at the 16 or more the first ended with.
    expect(sizes[1]![0]).toBe(4);
  });

  it('runs every member at once when not cut (null), reading nothing', async () => {
    const counted = recordingStatements(db());
    const steps: MemberStep[] = [];
    const run = memberRun(counted.db, null);
    await run.forEachStep(async (step) => void steps.push(step));
    await run.forEachStep(async (step) => void steps.push(step));
    expect(steps).toEqual([{ of: 'all' }, { of: 'all' }]);
    expect(counted.statements.length).toBe(0);
  });
});
