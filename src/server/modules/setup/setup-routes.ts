// GET /api/setup, POST /api/setup/test_message, POST /api/setup/test_provider: the checklist's
// answer and its two tests, administrators only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../../core/contract.js';
import { SETUP_PATHS, SETUP_SETTING, toggledSetupList, type SetupAnswer, type SetupTestResult } from '../../../core/setup.js';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../../settings/read.js';
import { availableMethods, transferOption } from '../collecting/public.js';
import { SETUP_DOC, TEST_MESSAGE_DOC, TEST_PROVIDER_DOC } from './route-docs.js';
import { setupSteps } from './setup-steps.js';
import { sendTestMessage } from './test-message.js';
import { smtpServerOf } from './smtp-server.js';
import { testProvider } from './test-provider.js';
import { announceSettings, writeSetting } from './write-setting.js';

function admin(request: FastifyRequest): AuthenticatedCaller {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.role !== ROLE.admin) throw forbidden('Só os administradores configuram a instalação.');
  return caller;
}

export function setupRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  /** The caller's own e-mail: a user's account's; an API key has none. */
  async function ownEmail(caller: AuthenticatedCaller): Promise<string | null> {
    if (caller.kind !== 'user') return null;
    const row = await db.selectFrom('users').select('email').where('_id', '=', caller.id).executeTakeFirst();
    const email = typeof row?.email === 'string' ? row.email.trim() : '';
    return email === '' ? null : email;
  }

  app.get(`/${SETUP_PATHS.answer}`, { config: { openapi: SETUP_DOC } }, async (request): Promise<{ data: SetupAnswer }> => {
    const caller = admin(request);
    const steps = await setupSteps(ctx, db);
    const provider = ctx.config.ifthenpay ? 'ifthenpay' : (await readSetting(db, 'multibancoEntity')) && (await readSetting(db, 'multibancoSubEntity')) ? 'local' : null;
    return {
      data: {
        production: ctx.config.mode === 'production',
        complete: steps.every((step) => step.state !== 'open'),
        steps,
        mail: { server: smtpServerOf(ctx.config.smtpUrl), from: ctx.config.mailFrom, sending: await readSetting(db, 'SendMessages'), recipient: await ownEmail(caller) },
        payments: { provider, methods: await availableMethods(ctx, db), transfer: (await transferOption(db, null)) !== null },
        logo: (await readSetting(db, 'orgLogo')) !== '',
      },
    };
  });

  app.post(`/${SETUP_PATHS.testMessage}`, { config: { openapi: TEST_MESSAGE_DOC } }, async (request): Promise<{ data: SetupTestResult }> => {
    const caller = admin(request);
    const recipient = await ownEmail(caller);
    if (!recipient) return { data: { ok: false, message: 'A sua conta não tem e-mail: indique-o na sua página de utilizador para receber a mensagem de teste.' } };
    const result = await sendTestMessage(ctx, recipient);
    if (result.ok) {
      // Sent: the e-mail step is done, as an ordinary setting says.
      const changed = await db.transaction().execute(async (trx) =>
        writeSetting(trx, ctx.now(), { caller, address: request.ip ?? null }, SETUP_SETTING.confirmed, toggledSetupList(await readSetting(trx, 'setupConfirmed'), 'mail', true)),
      );
      if (changed !== null) await announceSettings(ctx, changed);
    }
    return { data: result };
  });

  app.post(`/${SETUP_PATHS.testProvider}`, { config: { openapi: TEST_PROVIDER_DOC } }, async (request): Promise<{ data: SetupTestResult }> => {
    admin(request);
    return { data: await testProvider(ctx) };
  });
}
