// The applications' settings (page 'applications', /configuracaoCandidaturas). Whether the
// association takes applications at all is the members domain's hasMemberApplication.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { ALWAYS_ASKED, APPLICANT_FIELDS, type ApplicantField } from './applicant-fields.js';
import { placeholderHint, templateProblem } from './message-templates.js';

export const FIELD_CHOICES = ['hidden', 'optional', 'required'] as const;
export type FieldChoice = (typeof FIELD_CHOICES)[number];

/** The setting saying whether the form asks for a member field, and whether it must be filled. */
export const fieldSettingName = <F extends ApplicantField>(field: F) => `applicationField_${field}` as const;

const FIELD_DEFAULTS: Partial<Record<ApplicantField, FieldChoice>> = { phone: 'optional', nif: 'required', birth_date: 'required', address: 'required', postal_code: 'required', locality: 'required', country: 'optional' };
const FIELD_LABELS: Record<ApplicantField, string> = {
  name: 'Nome', email: 'E-mail', phone: 'Telefone', nif: 'NIF', birth_date: 'Data de nascimento',
  address: 'Morada', postal_code: 'Código postal', locality: 'Localidade', country: 'País',
};

function fieldSetting<F extends ApplicantField>(field: F) {
  return {
    name: fieldSettingName(field), kind: 'enum', label: `Formulário de inscrição: ${FIELD_LABELS[field]}`,
    options: [
      { value: 'hidden', label: 'Não pedir' },
      { value: 'optional', label: 'Pedir, facultativo' },
      { value: 'required', label: 'Pedir, obrigatório' },
    ],
    default: FIELD_DEFAULTS[field] ?? 'optional', page: 'applications', readers: 'public',
  } as const;
}

/** The fields whose asking is the association's choice: all but the name and e-mail. */
export type ChosenField = Exclude<ApplicantField, 'name' | 'email'>;
export const CHOSEN_FIELDS = APPLICANT_FIELDS.filter((f): f is ChosenField => !ALWAYS_ASKED.includes(f));

const template = <const N extends string>(name: N, label: string, kind: Parameters<typeof templateProblem>[0], value: string, maxLength = 4000) =>
  ({ name, kind: 'text', label, hint: placeholderHint(kind), maxLength, check: templateProblem(kind), default: value, page: 'applications', readers: 'authenticated' }) as const;

export const APPLICATION_SETTINGS = [
  ...CHOSEN_FIELDS.map(fieldSetting),
  {
    name: 'applicationProposerRequired', kind: 'boolean', label: 'Exigir o número de sócio do proponente',
    hint: 'Quando os estatutos exigem que um sócio proponha cada candidato.', default: 'false', page: 'applications', readers: 'public',
  },
  {
    name: 'applicationMinorAge', kind: 'integer', label: 'Idade a partir da qual não é preciso encarregado de educação', min: 0, max: 21,
    hint: 'Abaixo desta idade, o formulário pede o nome e o consentimento do encarregado de educação.', default: '18', page: 'applications', readers: 'public',
  },
  {
    name: 'applicationConsentText', kind: 'text', label: 'Texto de consentimento (RGPD)', maxLength: 4000, required: true,
    hint: 'O candidato aceita-o ao enviar o formulário; cada versão do texto fica registada com a candidatura.',
    default:
      'Autorizo a associação a tratar os dados deste formulário para gerir a minha candidatura e, se for admitido, a minha inscrição como sócio, ' +
      'nos termos do Regulamento Geral sobre a Proteção de Dados. Posso pedir o acesso, a retificação ou o apagamento dos meus dados a qualquer momento.',
    page: 'applications', readers: 'public',
  },
  {
    name: 'applicationConfirmationRequired', kind: 'boolean', label: 'Só rever candidaturas com o e-mail confirmado',
    hint: 'Ligado: uma candidatura enviada pelo formulário só pode ser aceite depois de o candidato confirmar o e-mail (as registadas em papel não precisam). Desligado: as por confirmar também contam como pendentes e podem ser aceites.', default: 'true', page: 'applications', readers: 'authenticated',
  },
  { name: 'applicationVerificationDays', kind: 'integer', label: 'Validade da ligação de confirmação (dias)', min: 1, max: 60, default: '7', page: 'applications', readers: 'authenticated' },
  { name: 'applicationRejectMessage', kind: 'boolean', label: 'Enviar mensagem ao candidato recusado', default: 'true', page: 'applications', readers: 'authenticated' },
  template('applicationConfirmationSubject', 'Assunto da mensagem de confirmação', 'confirmation', 'Confirme o seu e-mail: candidatura a {organizacao}', 200),
  template(
    'applicationConfirmationBody', 'Mensagem de confirmação do e-mail', 'confirmation',
    'Olá {primeiro_nome},\n\nRecebemos a sua candidatura a sócio de {organizacao}. Para a confirmarmos, abra esta ligação nos próximos {validade_dias} dias:\n\n{link_confirmacao}\n\n' +
      'Se não fez esta candidatura, ignore esta mensagem.\n\nCom os melhores cumprimentos,\nA Direção',
  ),
  template('applicationWelcomeSubject', 'Assunto da mensagem de boas-vindas', 'welcome', 'Bem-vindo(a) a {organizacao}', 200),
  template(
    'applicationWelcomeBody', 'Mensagem de boas-vindas ao novo sócio', 'welcome',
    'Olá {primeiro_nome},\n\nA sua candidatura foi aceite: é agora o sócio n.º {numero} de {organizacao}.\n\n' +
      'Pode consultar e pagar a jóia e as quotas nesta ligação:\n\n{link_pagamento}\n\nCom os melhores cumprimentos,\nA Direção',
  ),
  template('applicationRejectionSubject', 'Assunto da mensagem de recusa', 'rejection', 'A sua candidatura a {organizacao}', 200),
  template(
    'applicationRejectionBody', 'Mensagem de recusa', 'rejection',
    'Olá {primeiro_nome},\n\nAgradecemos o seu interesse em {organizacao}. Lamentamos informar que, desta vez, não foi possível aceitar a sua candidatura.\n\n{motivo}\n\n' +
      'Com os melhores cumprimentos,\nA Direção',
  ),
] as const satisfies readonly SettingDeclaration[];
