import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startDemoServer, type TestServer } from '../support/server.js';

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startDemoServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('demo applications', () => {
  it('take applications, with some in every state, accepted ones tied to their member, and a duplicate to review', async () => {
    const setting = await db().selectFrom('settings').select('value').where('name', '=', 'hasMemberApplication').executeTakeFirstOrThrow();
    expect(setting.value).toBe('true');
    const byState = await db().selectFrom('member_applications').select(['state', sql<number>`COUNT(*)`.as('n')]).groupBy('state').execute();
    const counts = Object.fromEntries(byState.map((row) => [String(row.state), Number(row.n)]));
    for (const state of ['submitted', 'email_confirmed', 'accepted', 'rejected', 'withdrawn']) expect(counts[state], state).toBeGreaterThan(0);
    const accepted = await db().selectFrom('member_applications as a').innerJoin('members as m', 'm._id', 'a.member').select(['a.name as applied', 'm.name']).where('a.state', '=', 'accepted').execute();
    expect(accepted.length).toBe(counts.accepted);
    for (const row of accepted) expect(row.applied).toBe(row.name);
    const flagged = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM member_applications WHERE state IN ('submitted', 'email_confirmed') AND _id IN (
      SELECT a._id FROM member_applications a, members m WHERE a.nif = m.nif)`.execute(db());
    expect(Number(flagged.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('came with photos: each open or refused application has its own, and an accepted one’s is its member’s, as staff see them', async () => {
    const admin = (await server.login(await server.createUser('admin'))).access;
    const rows = await db().selectFrom('member_applications').select(['_id', 'state', 'member']).execute();
    const applications = rows.map((row) => ({ id: Number(row._id), state: String(row.state), member: Number(row.member) }));
    const faces = new Set<string>();
    for (const application of applications) {
      const url = application.state === 'accepted' ? `/api/members/${application.member}/member_photos` : `/api/member_applications/${application.id}/member_application_photos`;
      const listed = await server.request({ method: 'GET', url, token: admin });
      expect(listed.statusCode, listed.body).toBe(200);
      const photos = listed.json().data as { url: string; thumbUrl: string; width: number; height: number }[];
      expect(photos, `${application.state} ${application.id}`).toHaveLength(1);
      expect(photos[0]!.width * 4).toBe(photos[0]!.height * 3);
      const bytes = await server.request({ method: 'GET', url: photos[0]!.thumbUrl, token: admin });
      expect(bytes.headers['content-type']).toBe('image/jpeg');
      faces.add(bytes.rawPayload.toString('base64'));
    }
    // Generated apart: the reviewer does not see one face on every application.
    expect(faces.size).toBeGreaterThan(applications.length / 2);
  });
});
