import type { Db } from '../db/database.js';
import { insertInBatches } from './batches.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A fixed fraction in [0, 1) per member and purpose, so every fresh demo has the same history. */
const fraction = (id: number, salt: number) => (((id * 2_654_435_761 + salt * 40_503) >>> 0) % 10_000) / 10_000;

/**
 * The demo members' state history, as the reports read it: each joined in the first active state
 * on their admission day; those in another state today moved to it on a day between admission
 * and today (members who left thus leave in different years, some after a suspension).
 */
export async function seedDemoStateHistory(db: Db, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  const states = await db.selectFrom('member_states').select(['_id', 'marksEnd']).orderBy('_id').execute();
  const firstActive = states.find((s) => Number(s.marksEnd) === 0);
  if (!firstActive) return;
  const joined = Number(firstActive._id);
  const suspended = states.find((s) => Number(s.marksEnd) === 0 && Number(s._id) !== joined);
  const ending = new Set(states.filter((s) => Number(s.marksEnd) === 1).map((s) => Number(s._id)));
  const members = await db.selectFrom('members').select(['_id', 'state', 'admission_date']).orderBy('_id').execute();
  const rows: Array<Record<string, unknown>> = [];
  for (const member of members) {
    const id = Number(member._id);
    const state = Number(member.state);
    const admission = String(member.admission_date ?? isoDay(now));
    const entry = (to: number, from: number | null, date: string) => rows.push({ member: id, state: to, previous_state: from, date, changed_by: null, created_at: stamp });
    entry(joined, null, admission);
    if (state === joined) continue;
    const start = Date.parse(admission);
    const between = (salt: number, after = start) => isoDay(after + Math.floor(fraction(id, salt) * Math.max(0, now - after) / DAY) * DAY);
    // A few who left were suspended first (unpaid quotas, usually).
    if (ending.has(state) && suspended && fraction(id, 1) < 0.3) {
      const suspendedOn = between(2);
      entry(Number(suspended._id), joined, suspendedOn);
      entry(state, Number(suspended._id), between(3, Date.parse(suspendedOn)));
    } else {
      entry(state, joined, between(4));
    }
  }
  await insertInBatches(db, 'member_state_history', rows);
}
