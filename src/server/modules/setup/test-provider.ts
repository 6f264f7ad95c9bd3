// "Testar ligação": one harmless call to the payment provider with the server's keys, said in
// pt-PT. ifthenpay offers no ping: a Multibanco key is tried by asking a one-euro reference that
// expires the next day and nobody pays; an MB WAY key alone, by asking the state of a request
// that does not exist. The association's own references call no one.
import { randomBytes } from 'node:crypto';
import type { SetupTestResult } from '../../../core/setup.js';
import type { ServerContext } from '../../context.js';
import { ifthenpayProvider, ProviderError } from '../collecting/public.js';
import { readSettings } from '../../settings/read.js';

const TEST_CENTS = 100;

function failure(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (/unreachable/.test(detail)) return `Não foi possível contactar o ifthenpay: ${detail.replace(/^ifthenpay unreachable: /, '')}. Confirme ASSOCIA_IFTHENPAY_URL e a ligação do servidor à internet.`;
  if (error instanceof ProviderError) return `O ifthenpay não aceitou o pedido de teste (${detail.replace(/^ifthenpay /, '')}): confirme as chaves ASSOCIA_IFTHENPAY_* do servidor.`;
  return `O teste falhou: ${detail}`;
}

export async function testProvider(ctx: Pick<ServerContext, 'config' | 'database' | 'now'>): Promise<SetupTestResult> {
  const config = ctx.config.ifthenpay;
  if (!config) {
    const { multibancoEntity: entity, multibancoSubEntity: subEntity } = await readSettings(ctx.database.db, ['multibancoEntity', 'multibancoSubEntity']);
    if (entity && subEntity) return { ok: true, message: `Sem fornecedor de pagamentos: as referências Multibanco são geradas pela associação (entidade ${entity}, subentidade ${subEntity}), sem ligação a testar.` };
    return {
      ok: false,
      message: 'Não há fornecedor de pagamentos configurado: defina as chaves ASSOCIA_IFTHENPAY_* do servidor, ou a entidade e subentidade Multibanco da associação na configuração de sócios.',
    };
  }
  const provider = ifthenpayProvider(config);
  // Unique at the provider and short enough for MB WAY's 15 characters.
  const orderId = `T${randomBytes(5).toString('hex')}`;
  try {
    if (config.mbKey) {
      const day = 86_400_000;
      const issued = await provider.createReference([], TEST_CENTS, { days: 1, at: new Date(ctx.now() + day).toISOString() }, { orderId, db: ctx.database.db });
      return { ok: true, message: `Ligação ao ifthenpay confirmada: a chave Multibanco gerou a referência de teste ${issued.entity} ${issued.reference} (1,00 €), que expira amanhã e não deve ser paga.` };
    }
    await provider.status(orderId);
    return { ok: true, message: 'Ligação ao ifthenpay confirmada: a chave MB WAY foi aceite.' };
  } catch (error) {
    return { ok: false, message: failure(error) };
  }
}
