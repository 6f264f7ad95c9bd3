// The consent register's words (pt-PT): the member's consents, staff's panel and the bulk message page.
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const CONSENT_TEXTS = {
  title: 'Consentimentos',
  ownLead: 'O que autorizou à associação. Pode dar ou retirar cada consentimento quando quiser; a retirada vale a partir da mensagem seguinte.',
  staffLead: 'O que o sócio autorizou. Registe aqui um consentimento ou uma retirada entregue em papel.',
  loadFailed: 'Não foi possível ler os consentimentos.',
  none: 'Não há finalidades de tratamento ativas.',
  granted: 'Consentimento dado',
  withdrawn: 'Consentimento retirado',
  unanswered: 'Sem consentimento',
  notAsked: 'Não depende de consentimento',
  basis: (label: string) => `Fundamento: ${label}.`,
  since: (day: string, source: string) => `Desde ${day}${source ? ` (${source})` : ''}.`,
  newText: 'O texto desta finalidade mudou desde que deu o consentimento.',
  grant: 'Dar consentimento',
  grantAgain: 'Dar consentimento ao novo texto',
  withdraw: 'Retirar consentimento',
  recordGrant: 'Registar consentimento em papel',
  recordWithdraw: 'Registar retirada',
  saved: (name: string, granted: boolean) => (granted ? `Consentimento para «${name}» registado.` : `Consentimento para «${name}» retirado.`),
  saveFailed: 'Não foi possível registar a resposta.',
  sources: { formulario: 'formulário de candidatura', area_socio: 'área de sócio', papel: 'em papel', importacao: 'importação' } as Record<string, string>,
  bases: {
    contrato: 'execução do contrato (quotas e vida associativa)',
    consentimento: 'consentimento',
    obrigacao_legal: 'obrigação legal',
    interesse_legitimo: 'interesse legítimo',
  } as Record<string, string>,

  broadcast: {
    lead: 'Uma mensagem por e-mail aos sócios escolhidos, para uma finalidade: se a finalidade depende de consentimento, só a recebe quem o deu.',
    purpose: 'Finalidade',
    choosePurpose: 'Escolha a finalidade',
    who: 'Sócios',
    allStates: 'Todos os estados',
    allCategories: 'Todas as categorias',
    state: 'Estado',
    category: 'Categoria de quota',
    subject: 'Assunto',
    body: 'Mensagem',
    bodyHint: '{nome} é substituído pelo nome de cada sócio.',
    count: 'Ver quantos a recebem',
    counting: 'A contar…',
    send: 'Enviar',
    cancel: 'Cancelar',
    failed: 'Não foi possível enviar a mensagem.',
    countFailed: 'Não foi possível contar os destinatários.',
    queued: 'A preparar o envio…',
    running: 'A colocar as mensagens na fila…',
    done: 'Mensagens colocadas na fila de envio.',
    seeMessages: 'Ver as mensagens',
    willSend: (n: number) => (n === 0 ? 'Nenhuma mensagem será enviada.' : `${plural(n, 'Será enviada 1 mensagem', `Serão enviadas ${n} mensagens`)}.`),
    sent: (n: number) => `${plural(n, '1 mensagem colocada', `${n} mensagens colocadas`)} na fila de envio.`,
    noConsent: (n: number, purpose: string) => `${plural(n, '1 sócio fica', `${n} sócios ficam`)} de fora por não ${plural(n, 'ter', 'terem')} dado consentimento para «${purpose}»`,
    noEmail: (n: number) => `${n} não ${plural(n, 'tem', 'têm')} e-mail`,
    ended: (n: number) => `${n} ${plural(n, 'já saiu', 'já saíram')} da associação`,
  },
};

/** "Serão enviadas 70 mensagens. 30 sócios ficam de fora por …; 2 não têm e-mail." */
export function broadcastSummary(answer: { to_send: number; left_out: { no_consent: number; no_email: number; ended: number } }, purpose: string): string {
  const B = CONSENT_TEXTS.broadcast;
  const out = [
    answer.left_out.no_consent > 0 ? B.noConsent(answer.left_out.no_consent, purpose) : null,
    answer.left_out.no_email > 0 ? B.noEmail(answer.left_out.no_email) : null,
    answer.left_out.ended > 0 ? B.ended(answer.left_out.ended) : null,
  ].filter((part): part is string => part !== null);
  if (out.length > 0 && answer.left_out.no_consent === 0) out[0] = `Ficam de fora: ${out[0]}`;
  return out.length === 0 ? B.willSend(answer.to_send) : `${B.willSend(answer.to_send)} ${out.join('; ')}.`;
}
