// Each checklist step's state, derived from the settings and records themselves wherever they can
// say it (identity: the name, NIF and address; fees: this year's table; members: any member), so
// a step done from its own settings page is done here too. The steps nothing else records (e-mail
// tested, backups looked at) are kept in setting setupConfirmed; skipped ones in setupSkipped.
import { TERMINOLOGY_DEFAULTS } from '../../../core/contract.js';
import { lisbonYear } from '../../../core/days.js';
import { parseSetupList, SETUP_STEPS, type SetupStep, type SetupStepKey } from '../../../core/setup.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';

type Facts = Awaited<ReturnType<typeof readFacts>>;

interface StepRule {
  /** Whether the settings and records say the step is done, and what they hold now (pt-PT). */
  derive?(facts: Facts): { done: boolean; summary: string };
  /** What is said of a step only a confirmation marks done, before and after. */
  confirm?: { open: string; done: string };
}

const RULES: Record<SetupStepKey, StepRule> = {
  identity: {
    derive: ({ settings }) => {
      const named = settings.name.trim() !== '' && settings.name !== TERMINOLOGY_DEFAULTS[settings.orgType === 'cooperative' ? 'cooperative' : 'association'].name;
      const missing = [named ? null : 'o nome', settings.orgNif ? null : 'o NIF', settings.orgAddress.trim() ? null : 'a morada'].filter((m): m is string => m !== null);
      if (missing.length > 0) return { done: false, summary: `Falta ${missing.join(', ').replace(/, ([^,]*)$/, ' e $1')}.` };
      return { done: true, summary: `${settings.name}, NIF ${settings.orgNif}${settings.orgLogo ? ', com logótipo' : ''}.` };
    },
  },
  fees: {
    derive: ({ schedules, year }) =>
      schedules > 0
        ? { done: true, summary: schedules === 1 ? `1 quota definida para ${year}.` : `${schedules} quotas definidas para ${year}.` }
        : { done: false, summary: `Ainda não há quotas definidas para ${year}.` },
  },
  mail: { confirm: { open: 'Envie uma mensagem de teste para confirmar que o e-mail sai.', done: 'A mensagem de teste foi enviada.' } },
  payments: {
    derive: ({ settings, provider }) => {
      const ways = [settings.associationIban ? 'transferência' : null, provider ? (provider === 'ifthenpay' ? 'ifthenpay' : 'referências Multibanco próprias') : null].filter((w): w is string => w !== null);
      return ways.length > 0 ? { done: true, summary: `Pagamentos por ${ways.join(' e ')}.` } : { done: false, summary: 'Ainda não há IBAN nem forma de pagamento configurada.' };
    },
  },
  members: {
    derive: ({ members }) =>
      members > 0 ? { done: true, summary: members === 1 ? 'Há 1 registo.' : `Há ${members} registos.` } : { done: false, summary: 'Ainda não há nenhum registo.' },
  },
  backups: { confirm: { open: 'Confirme onde e com que frequência são feitas as cópias de segurança.', done: 'As cópias de segurança foram verificadas.' } },
};

async function readFacts(ctx: Pick<ServerContext, 'config' | 'now'>, db: Db) {
  const settings = await readSettings(db, ['name', 'orgType', 'orgNif', 'orgAddress', 'orgLogo', 'associationIban', 'multibancoEntity', 'multibancoSubEntity', 'setupSkipped', 'setupConfirmed']);
  const year = lisbonYear(ctx.now());
  const schedules = await db.selectFrom('fee_schedules').select((eb) => eb.fn.countAll<number>().as('n')).where('year', '=', year).executeTakeFirstOrThrow();
  const members = await db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const provider = ctx.config.ifthenpay ? ('ifthenpay' as const) : settings.multibancoEntity && settings.multibancoSubEntity ? ('local' as const) : null;
  return { settings, year, schedules: Number(schedules.n), members: Number(members.n), provider };
}

/** Every step with its state now: done (derived or confirmed), skipped, or still open. */
export async function setupSteps(ctx: Pick<ServerContext, 'config' | 'now'>, db: Db): Promise<SetupStep[]> {
  const facts = await readFacts(ctx, db);
  const skipped = new Set(parseSetupList(facts.settings.setupSkipped));
  const confirmed = new Set(parseSetupList(facts.settings.setupConfirmed));
  return SETUP_STEPS.map((key) => {
    const rule = RULES[key];
    const derived = rule.derive?.(facts);
    const done = derived ? derived.done : confirmed.has(key);
    const summary = derived ? derived.summary : done ? rule.confirm!.done : rule.confirm!.open;
    return { key, state: done ? 'done' : skipped.has(key) ? 'skipped' : 'open', summary, confirmable: rule.derive === undefined };
  });
}
