import { startTestServer, type TestServer } from '../support/server.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import type { Role } from '../../../src/core/contract.js';
import type { Config } from '../../../src/server/config.js';

export interface ResourceTestServer extends TestServer {
  /** A logged-in user of the role and their access token. */
  as(role: Role, extra?: { memberId?: number | null }): Promise<{ token: string; id: number }>;
  stateId(name: string): Promise<number>;
  json<T = any>(method: string, url: string, token: string | undefined, payload?: unknown): Promise<{ status: number; body: T }>;
  /** Sets an organisation setting through the API as `token`'s user: PATCH when stored, POST when not. */
  putSetting(token: string, name: string, value: string): Promise<{ status: number; body: any }>;
}

export async function startResourceServer(overrides: Partial<Config> = {}): Promise<ResourceTestServer> {
  const server = await startTestServer(overrides);
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  return Object.assign(server, {
    async as(role: Role, extra: { memberId?: number | null } = {}) {
      const user = await server.createUser(role, extra);
      const { access } = await server.login(user);
      return { token: access, id: user.id };
    },
    async stateId(name: string) {
      const row = await server.database.db.selectFrom('member_states').select('_id').where('name', '=', name).executeTakeFirstOrThrow();
      return Number(row._id);
    },
    async json(method: string, url: string, token: string | undefined, payload?: unknown) {
      const response = await server.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    },
    async putSetting(token: string, name: string, value: string) {
      const found = (await this.json('GET', `/api/settings?_name=${name}`, token)).body.data as { _id: number }[];
      return found.length > 0 ? this.json('PATCH', `/api/settings/${found[0]!._id}`, token, { value }) : this.json('POST', '/api/settings', token, { name, value });
    },
  });
}
