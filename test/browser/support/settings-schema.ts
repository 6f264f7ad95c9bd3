// Written by test/server/settings-schema-copy.test.ts from the modules' settings: do not edit.
// Run `ASSOCIA_WRITE_COPIES=1 npx vitest run test/server/settings-schema-copy.test.ts` after changing a setting.
import type { SettingSchema } from '../../../src/core/settings-schema.js';

/** What GET /api/settings/schema answers, as the server declares it. */
export const SETTINGS_SCHEMA: SettingSchema[] = [
  {
    "name": "orgType",
    "kind": "enum",
    "label": "Tipo de organização",
    "hint": "Muda a linha de créditos do rodapé; os relatórios só existem para associações.",
    "options": [
      {
        "value": "association",
        "label": "Associação"
      },
      {
        "value": "cooperative",
        "label": "Cooperativa"
      }
    ],
    "page": "members",
    "readers": "public"
  },
  {
    "kind": "text",
    "label": "Designação de um membro (singular)",
    "hint": "Por exemplo: Sócio.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "name": "memberSingular"
  },
  {
    "kind": "text",
    "label": "Designação dos membros (plural)",
    "hint": "Por exemplo: Sócios.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "name": "memberPlural"
  },
  {
    "kind": "text",
    "label": "Endereço de um membro (singular)",
    "hint": "Usado nos endereços das páginas: letras minúsculas, algarismos e hífenes, sem espaços.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "pattern": "[\\p{Ll}\\p{Nd}]+(?:-[\\p{Ll}\\p{Nd}]+)*",
    "patternMessage": "Use só letras minúsculas, algarismos e hífenes, sem espaços.",
    "name": "memberURLSingular"
  },
  {
    "kind": "text",
    "label": "Endereço dos membros (plural)",
    "hint": "Usado nos endereços das páginas: letras minúsculas, algarismos e hífenes, sem espaços.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "pattern": "[\\p{Ll}\\p{Nd}]+(?:-[\\p{Ll}\\p{Nd}]+)*",
    "patternMessage": "Use só letras minúsculas, algarismos e hífenes, sem espaços.",
    "name": "memberURLPlural"
  },
  {
    "kind": "text",
    "label": "Designação dos pagamentos",
    "hint": "Por exemplo: Quotas.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "name": "membershipPayments"
  },
  {
    "kind": "text",
    "label": "Endereço dos pagamentos",
    "hint": "Usado nos endereços das páginas: letras minúsculas, algarismos e hífenes, sem espaços.",
    "required": true,
    "maxLength": 60,
    "page": "members",
    "readers": "public",
    "pattern": "[\\p{Ll}\\p{Nd}]+(?:-[\\p{Ll}\\p{Nd}]+)*",
    "patternMessage": "Use só letras minúsculas, algarismos e hífenes, sem espaços.",
    "name": "membershipPaymentsURL"
  },
  {
    "name": "hasMemberApplication",
    "kind": "boolean",
    "label": "Aceitar candidaturas",
    "hint": "Mostra o menu de candidaturas e permite o formulário público de inscrição.",
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "membershipCardValidityYears",
    "kind": "integer",
    "label": "Validade do cartão (anos)",
    "min": 1,
    "max": 99,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "kind": "text",
    "label": "Nome da organização",
    "required": true,
    "maxLength": 200,
    "page": "organisation",
    "readers": "public",
    "name": "name"
  },
  {
    "kind": "enum",
    "label": "Artigo do nome",
    "hint": "Como o nome se lê numa frase: «sócio da Associação», «bem-vindo ao Clube». As mensagens e os documentos contraem-no assim.",
    "required": true,
    "page": "organisation",
    "readers": "public",
    "options": [
      {
        "value": "a",
        "label": "a (feminino: «da Associação», «à Associação»)"
      },
      {
        "value": "o",
        "label": "o (masculino: «do Clube», «ao Clube»)"
      },
      {
        "value": "as",
        "label": "as (feminino plural: «das Amigas»)"
      },
      {
        "value": "os",
        "label": "os (masculino plural: «dos Amigos»)"
      },
      {
        "value": "-",
        "label": "sem artigo («de Lisboa Runners»)"
      }
    ],
    "name": "nameArticle"
  },
  {
    "name": "orgNif",
    "kind": "text",
    "label": "NIF da organização",
    "pattern": "\\d{9}",
    "patternMessage": "O NIF tem nove algarismos.",
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "orgEmail",
    "kind": "email",
    "label": "E-mail da organização",
    "maxLength": 254,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "orgPhone",
    "kind": "text",
    "label": "Telefone da organização",
    "maxLength": 30,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "orgAddress",
    "kind": "text",
    "label": "Morada da organização",
    "maxLength": 500,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "orgWebsite",
    "kind": "url",
    "label": "Sítio na internet",
    "hint": "Por exemplo: https://www.exemplo.pt",
    "maxLength": 500,
    "page": "organisation",
    "readers": "public"
  },
  {
    "name": "supportUrl",
    "kind": "url",
    "label": "Endereço do apoio técnico",
    "hint": "Para onde leva a ligação de apoio técnico da barra de ferramentas.",
    "maxLength": 500,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "filesDir",
    "kind": "text",
    "label": "Pasta dos ficheiros",
    "hint": "Onde o servidor guarda as fotografias e os documentos enviados.",
    "page": "organisation",
    "readers": "authenticated",
    "readOnly": true,
    "changedIn": "muda-se na variável de ambiente ASSOCIA_DATA do servidor (a pasta é ASSOCIA_DATA/files), movendo para lá os ficheiros."
  },
  {
    "name": "client",
    "kind": "text",
    "label": "Identificador de cliente",
    "maxLength": 100,
    "page": null,
    "readers": "authenticated"
  },
  {
    "name": "requireTwoFactorForAdmins",
    "kind": "boolean",
    "label": "Exigir autenticação em dois passos aos administradores",
    "hint": "Um administrador que ainda não a use tem de a configurar na próxima entrada, e nenhum a pode desativar.",
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "sessionIdleDays",
    "kind": "integer",
    "label": "Terminar sessões inativas ao fim de (dias)",
    "hint": "De 1 a 30 dias sem uso. Nenhuma sessão dura mais de 30 dias desde a entrada.",
    "min": 1,
    "max": 30,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "auditRetentionDays",
    "kind": "integer",
    "label": "Guardar o registo de auditoria durante (dias)",
    "hint": "As entradas mais antigas são apagadas uma vez por dia. Por omissão, 730 dias (dois anos).",
    "min": 1,
    "max": 999999,
    "page": "organisation",
    "readers": "authenticated"
  },
  {
    "name": "hasTreasury",
    "kind": "boolean",
    "label": "Ativar a tesouraria",
    "hint": "Mostra o menu de tesouraria e os seus documentos.",
    "page": "treasury",
    "readers": "public"
  },
  {
    "name": "iban",
    "kind": "text",
    "label": "IBAN",
    "hint": "Conta indicada nos avisos de pagamento.",
    "pattern": "[A-Z]{2}\\d{2}[A-Z0-9 ]{8,40}",
    "patternMessage": "Indique um IBAN válido, por exemplo PT50 0002 0123 1234 5678 9015 4.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "currency",
    "kind": "text",
    "label": "Moeda",
    "required": true,
    "pattern": "[A-Z]{3}",
    "patternMessage": "Indique o código de três letras da moeda, por exemplo EUR.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "SendMessages",
    "kind": "boolean",
    "label": "Envio automático de mensagens",
    "hint": "Desligado, as mensagens ficam em espera e nenhuma sai do servidor.",
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "automatedMemberPayments",
    "kind": "boolean",
    "label": "Mensagens automáticas de pagamento",
    "hint": "Envia avisos de pagamento e de dívidas sem intervenção da equipa.",
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "messageSenderName",
    "kind": "text",
    "label": "Nome do remetente",
    "hint": "O nome com que as mensagens chegam aos sócios (vazio: o do servidor).",
    "maxLength": 100,
    "pattern": "[^\\r\\n]*",
    "patternMessage": "O nome do remetente tem de ocupar uma só linha.",
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "messageReplyTo",
    "kind": "email",
    "label": "Endereço de resposta",
    "hint": "Para onde vão as respostas dos sócios (vazio: o endereço do remetente).",
    "maxLength": 254,
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "firstQuotaRule",
    "kind": "enum",
    "label": "Primeira quota de um novo sócio",
    "hint": "Quem é admitido a meio de um período paga-o por inteiro ou só os meses que faltam.",
    "options": [
      {
        "value": "prorata",
        "label": "Proporcional aos meses que faltam"
      },
      {
        "value": "full",
        "label": "Quota completa"
      }
    ],
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "quotaGenerationDay",
    "kind": "text",
    "label": "Dia de lançamento das quotas do ano",
    "hint": "Dia e mês (DD-MM) em que o servidor lança as quotas do ano a todos os sócios; também pode lançá-las à mão.",
    "pattern": "(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])",
    "patternMessage": "Indique o dia e o mês como DD-MM, por exemplo 02-01.",
    "required": true,
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "associationIban",
    "kind": "text",
    "label": "IBAN da associação",
    "hint": "Conta para transferências, mostrada aos sócios nas informações de pagamento.",
    "maxLength": 42,
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "multibancoEntity",
    "kind": "text",
    "label": "Entidade Multibanco",
    "hint": "Os 5 algarismos da entidade da associação, para referências Multibanco próprias (sem fornecedor de pagamentos).",
    "pattern": "[0-9]{5}",
    "patternMessage": "Indique os 5 algarismos da entidade, por exemplo 12345.",
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "multibancoSubEntity",
    "kind": "text",
    "label": "Subentidade Multibanco",
    "hint": "Os 3 algarismos da subentidade: as referências próprias começam por eles.",
    "pattern": "[0-9]{3}",
    "patternMessage": "Indique os 3 algarismos da subentidade, por exemplo 001.",
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "paymentRequestDays",
    "kind": "integer",
    "label": "Validade dos pedidos de pagamento (dias)",
    "hint": "Durante quantos dias uma referência Multibanco ou um pedido MB WAY pode ser pago.",
    "min": 1,
    "max": 90,
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "letterReferenceDays",
    "kind": "integer",
    "label": "Validade das referências em cartas e avisos (dias)",
    "hint": "Durante quantos dias pode ser paga uma referência Multibanco pedida pelos serviços (Pedir pagamento) ou enviada num aviso: a carta tem de chegar antes de ela expirar. A data-limite vai impressa com a referência.",
    "min": 1,
    "max": 180,
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "sepaCreditorId",
    "kind": "text",
    "label": "Identificador de credor SEPA",
    "hint": "Atribuído pelo banco para cobranças por débito direto, por exemplo PT12ZZZ123456.",
    "maxLength": 35,
    "page": "members",
    "readers": "authenticated"
  },
  {
    "name": "reminderHoldBackDays",
    "kind": "integer",
    "label": "Reter avisos de dívida sem pagamentos registados há (dias)",
    "hint": "Se nenhum pagamento for registado durante estes dias (por exemplo, porque a importação do banco não chegou), os avisos ficam retidos, para não cobrar quem já pagou. 0: nunca reter.",
    "min": 0,
    "max": 365,
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "paymentLinkDays",
    "kind": "integer",
    "label": "Validade das ligações de pagamento (dias)",
    "hint": "Durante quantos dias a ligação enviada a um sócio para a página de informação de pagamento funciona.",
    "min": 1,
    "max": 365,
    "page": "messages",
    "readers": "authenticated"
  },
  {
    "name": "cardValidityRule",
    "kind": "enum",
    "label": "Validade dos cartões",
    "hint": "Até ao fim do último período de quotas pago, ou um número fixo de anos a contar da emissão.",
    "options": [
      {
        "value": "paid",
        "label": "Até ao fim do último período de quotas pago"
      },
      {
        "value": "years",
        "label": "Anos a contar da emissão"
      }
    ],
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardLayout",
    "kind": "enum",
    "label": "Formato de impressão dos cartões",
    "options": [
      {
        "value": "id1",
        "label": "Cartão (85,6 × 54 mm), um por página, para impressoras de cartões"
      },
      {
        "value": "a4",
        "label": "Folhas A4 com 10 cartões e marcas de corte"
      }
    ],
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardOffsetX",
    "kind": "decimal",
    "label": "Acerto horizontal da impressão (mm)",
    "hint": "Desloca os cartões para a direita (positivo) ou para a esquerda (negativo); confirme com a página de calibração.",
    "min": -20,
    "max": 20,
    "scale": 1,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardOffsetY",
    "kind": "decimal",
    "label": "Acerto vertical da impressão (mm)",
    "hint": "Desloca os cartões para baixo (positivo) ou para cima (negativo); confirme com a página de calibração.",
    "min": -20,
    "max": 20,
    "scale": 1,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardLetterTemplate",
    "kind": "text",
    "label": "Texto da carta de envio do cartão",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {numero}, {organizacao}, {cartao}, {valido_ate}, {codigo}.",
    "maxLength": 3000,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardLetterAddressX",
    "kind": "decimal",
    "label": "Morada na carta: distância à margem esquerda (mm)",
    "hint": "Onde começa o bloco da morada, para aparecer na janela do envelope.",
    "min": 0,
    "max": 150,
    "scale": 1,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "cardLetterAddressY",
    "kind": "decimal",
    "label": "Morada na carta: distância ao topo (mm)",
    "hint": "Onde começa o bloco da morada, para aparecer na janela do envelope.",
    "min": 0,
    "max": 250,
    "scale": 1,
    "page": "cards",
    "readers": "authenticated"
  },
  {
    "name": "hasAssemblies",
    "kind": "boolean",
    "label": "Ativar as assembleias gerais",
    "hint": "Mostra o menu de assembleias: convocatória, presenças e quórum, votações e atas.",
    "page": "assemblies",
    "readers": "public"
  },
  {
    "name": "assemblyNoticeDays",
    "kind": "integer",
    "label": "Antecedência mínima da convocatória (dias)",
    "hint": "A lei fixa o mínimo (8 dias nas associações, 15 nas cooperativas); os estatutos podem pedir mais, nunca menos.",
    "min": 8,
    "max": 90,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyChannel",
    "kind": "enum",
    "label": "Envio da convocatória",
    "options": [
      {
        "value": "email",
        "label": "E-mail a quem o tem e carta aos outros"
      },
      {
        "value": "post",
        "label": "Carta a todos"
      }
    ],
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyChairName",
    "kind": "text",
    "label": "Presidente da Mesa da Assembleia Geral",
    "hint": "Assina a convocatória e a ata.",
    "maxLength": 200,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblySecondCallMinutes",
    "kind": "integer",
    "label": "Segunda convocatória: minutos depois da primeira",
    "min": 0,
    "max": 1440,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblySecondCallRule",
    "kind": "enum",
    "label": "Segunda convocatória: quórum",
    "options": [
      {
        "value": "any",
        "label": "Com qualquer número de associados"
      },
      {
        "value": "minimum",
        "label": "Com um número mínimo de associados"
      }
    ],
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblySecondCallMinimum",
    "kind": "integer",
    "label": "Segunda convocatória: número mínimo de presentes",
    "min": 1,
    "max": 100000,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyVoters",
    "kind": "enum",
    "label": "Quem pode votar",
    "options": [
      {
        "value": "all",
        "label": "Todos os associados"
      },
      {
        "value": "full_rights",
        "label": "Só os associados no pleno gozo dos seus direitos (quotas em dia na data de referência)"
      }
    ],
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyMinMembershipMonths",
    "kind": "integer",
    "label": "Antiguidade mínima para votar (meses)",
    "hint": "Contada da data de admissão até à data de referência; 0: sem mínimo.",
    "min": 0,
    "max": 240,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyAbstentions",
    "kind": "enum",
    "label": "Abstenções",
    "options": [
      {
        "value": "present",
        "label": "Contam entre os presentes (a maioria conta-se sobre os presentes com direito a voto)"
      },
      {
        "value": "cast",
        "label": "Não contam (a maioria conta-se sobre os votos a favor e contra)"
      }
    ],
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyProxies",
    "kind": "boolean",
    "label": "Permitir a representação por outro associado",
    "hint": "Nas associações o direito de voto é pessoal (Código Civil, art. 180.º), salvo se os estatutos o permitirem.",
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyProxyMax",
    "kind": "integer",
    "label": "Representados por associado (máximo)",
    "min": 1,
    "max": 20,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyPublishMinutes",
    "kind": "boolean",
    "label": "Publicar as atas aos associados",
    "hint": "A ata final fica visível na página de cada associado.",
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "assemblyNoticeTemplate",
    "kind": "text",
    "label": "Texto da convocatória",
    "hint": "Marcadores: {{organizacao}}, {{tipo}}, {{data}}, {{hora}}, {{local}}, {{ordem_do_dia}}, {{segunda_convocatoria}}, {{presidente}}.",
    "maxLength": 4000,
    "page": "assemblies",
    "readers": "authenticated"
  },
  {
    "name": "applicationField_phone",
    "kind": "enum",
    "label": "Formulário de inscrição: Telefone",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_nif",
    "kind": "enum",
    "label": "Formulário de inscrição: NIF",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_birth_date",
    "kind": "enum",
    "label": "Formulário de inscrição: Data de nascimento",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_address",
    "kind": "enum",
    "label": "Formulário de inscrição: Morada",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_postal_code",
    "kind": "enum",
    "label": "Formulário de inscrição: Código postal",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_locality",
    "kind": "enum",
    "label": "Formulário de inscrição: Localidade",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationField_country",
    "kind": "enum",
    "label": "Formulário de inscrição: País",
    "options": [
      {
        "value": "hidden",
        "label": "Não pedir"
      },
      {
        "value": "optional",
        "label": "Pedir, facultativo"
      },
      {
        "value": "required",
        "label": "Pedir, obrigatório"
      }
    ],
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationProposerRequired",
    "kind": "boolean",
    "label": "Exigir o número de sócio do proponente",
    "hint": "Quando os estatutos exigem que um sócio proponha cada candidato.",
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationMinorAge",
    "kind": "integer",
    "label": "Idade a partir da qual não é preciso encarregado de educação",
    "min": 0,
    "max": 21,
    "hint": "Abaixo desta idade, o formulário pede o nome e o consentimento do encarregado de educação.",
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationConsentText",
    "kind": "text",
    "label": "Texto de consentimento (RGPD)",
    "maxLength": 4000,
    "required": true,
    "hint": "O candidato aceita-o ao enviar o formulário; cada versão do texto fica registada com a candidatura.",
    "page": "applications",
    "readers": "public"
  },
  {
    "name": "applicationConfirmationRequired",
    "kind": "boolean",
    "label": "Só rever candidaturas com o e-mail confirmado",
    "hint": "Ligado: uma candidatura enviada pelo formulário só pode ser aceite depois de o candidato confirmar o e-mail (as registadas em papel não precisam). Desligado: as por confirmar também contam como pendentes e podem ser aceites.",
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationVerificationDays",
    "kind": "integer",
    "label": "Validade da ligação de confirmação (dias)",
    "min": 1,
    "max": 60,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationRejectMessage",
    "kind": "boolean",
    "label": "Enviar mensagem ao candidato recusado",
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationConfirmationSubject",
    "kind": "text",
    "label": "Assunto da mensagem de confirmação",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {link_confirmacao}, {validade_dias}.",
    "maxLength": 200,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationConfirmationBody",
    "kind": "text",
    "label": "Mensagem de confirmação do e-mail",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {link_confirmacao}, {validade_dias}.",
    "maxLength": 4000,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationWelcomeSubject",
    "kind": "text",
    "label": "Assunto da mensagem de boas-vindas",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {numero}, {link_pagamento}.",
    "maxLength": 200,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationWelcomeBody",
    "kind": "text",
    "label": "Mensagem de boas-vindas ao novo sócio",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {numero}, {link_pagamento}.",
    "maxLength": 4000,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationRejectionSubject",
    "kind": "text",
    "label": "Assunto da mensagem de recusa",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {motivo}.",
    "maxLength": 200,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "applicationRejectionBody",
    "kind": "text",
    "label": "Mensagem de recusa",
    "hint": "Marcadores: {nome}, {primeiro_nome}, {organizacao}, {motivo}.",
    "maxLength": 4000,
    "page": "applications",
    "readers": "authenticated"
  },
  {
    "name": "treasuryPrefixQuota",
    "kind": "text",
    "label": "Série dos recibos de quota",
    "required": true,
    "pattern": "[A-Z]{1,4}",
    "patternMessage": "Use de uma a quatro letras maiúsculas, por exemplo R.",
    "hint": "Os documentos são numerados por série e ano, por exemplo R 2026/123.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryPrefixJoiningFee",
    "kind": "text",
    "label": "Série dos recibos de jóia",
    "required": true,
    "pattern": "[A-Z]{1,4}",
    "patternMessage": "Use de uma a quatro letras maiúsculas, por exemplo R.",
    "hint": "Os documentos são numerados por série e ano, por exemplo R 2026/123.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryPrefixDonation",
    "kind": "text",
    "label": "Série dos recibos de donativo",
    "required": true,
    "pattern": "[A-Z]{1,4}",
    "patternMessage": "Use de uma a quatro letras maiúsculas, por exemplo R.",
    "hint": "Os documentos são numerados por série e ano, por exemplo R 2026/123.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryPrefixAnnulment",
    "kind": "text",
    "label": "Série das notas de anulação",
    "required": true,
    "pattern": "[A-Z]{1,4}",
    "patternMessage": "Use de uma a quatro letras maiúsculas, por exemplo R.",
    "hint": "Os documentos são numerados por série e ano, por exemplo R 2026/123.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryVatWording",
    "kind": "text",
    "label": "Menção de IVA nos documentos",
    "required": true,
    "maxLength": 200,
    "hint": "Impressa em cada recibo. As quotas de uma associação sem fins lucrativos estão isentas.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryAutoIssue",
    "kind": "boolean",
    "label": "Emitir o recibo ao registar um pagamento",
    "hint": "Com a tesouraria ativa, cada pagamento registado recebe o seu recibo na mesma operação.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "treasuryBlockSize",
    "kind": "integer",
    "label": "Documentos por ficheiro na impressão em blocos",
    "min": 1,
    "max": 500,
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "donationEntityStatus",
    "kind": "text",
    "label": "Qualidade jurídica da entidade (recibos de donativo)",
    "hint": "Consta de cada recibo de donativo, por exemplo \"Associação sem fins lucrativos\".",
    "required": true,
    "maxLength": 200,
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "donationLegalBasis",
    "kind": "text",
    "label": "Enquadramento legal dos donativos",
    "hint": "Norma do Estatuto dos Benefícios Fiscais em que se enquadram os donativos, por exemplo \"art. 62.º do EBF\".",
    "required": true,
    "maxLength": 200,
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "modelo25DonationCode",
    "kind": "text",
    "label": "Código do donativo (declaração modelo 25)",
    "hint": "Código da tabela das instruções da declaração modelo 25 que corresponde ao enquadramento acima; confirme-o com o contabilista.",
    "pattern": "[A-Z0-9]{1,4}",
    "patternMessage": "Indique o código tal como vem na tabela da declaração modelo 25, por exemplo 01.",
    "page": "treasury",
    "readers": "authenticated"
  },
  {
    "name": "backupTime",
    "kind": "text",
    "label": "Hora da cópia de segurança diária",
    "hint": "Hora de Lisboa, no formato HH:MM. O servidor faz uma cópia por dia, com o servidor a funcionar.",
    "pattern": "([01]\\d|2[0-3]):[0-5]\\d",
    "patternMessage": "Indique a hora no formato HH:MM, por exemplo 03:30.",
    "required": true,
    "page": "data",
    "readers": "authenticated"
  },
  {
    "name": "backupKeepDaily",
    "kind": "integer",
    "label": "Cópias diárias a guardar",
    "hint": "As cópias dos últimos dias (uma por dia) que ficam guardadas; as mais antigas são apagadas, exceto as semanais.",
    "min": 1,
    "max": 365,
    "page": "data",
    "readers": "authenticated"
  },
  {
    "name": "backupKeepWeekly",
    "kind": "integer",
    "label": "Cópias semanais a guardar",
    "hint": "Das semanas anteriores, fica guardada uma cópia por semana (a mais recente de cada), até este número de semanas. 0: nenhuma.",
    "min": 0,
    "max": 520,
    "page": "data",
    "readers": "authenticated"
  },
  {
    "name": "backupDir",
    "kind": "text",
    "label": "Pasta das cópias de segurança",
    "hint": "Onde o servidor guarda as cópias de segurança. Copie-as regularmente para outro local (outro disco ou outro computador).",
    "page": "data",
    "readers": "authenticated",
    "readOnly": true,
    "changedIn": "muda-se na variável de ambiente ASSOCIA_BACKUP_DIR do servidor (por omissão, a pasta backups dentro de ASSOCIA_DATA)."
  },
  {
    "name": "setupSkipped",
    "kind": "text",
    "label": "Primeiros passos adiados",
    "hint": "Os passos da lista de primeiros passos que ficaram para depois.",
    "pattern": "(?:(?:identity|fees|mail|payments|members|backups)(?:,(?:identity|fees|mail|payments|members|backups))*)?",
    "patternMessage": "Indique passos da lista de primeiros passos, separados por vírgulas.",
    "maxLength": 200,
    "page": null,
    "readers": "authenticated"
  },
  {
    "name": "setupConfirmed",
    "kind": "text",
    "label": "Primeiros passos confirmados",
    "hint": "Os passos dados por confirmação (o envio de e-mail testado, as cópias de segurança verificadas).",
    "pattern": "(?:(?:identity|fees|mail|payments|members|backups)(?:,(?:identity|fees|mail|payments|members|backups))*)?",
    "patternMessage": "Indique passos da lista de primeiros passos, separados por vírgulas.",
    "maxLength": 200,
    "page": null,
    "readers": "authenticated"
  },
  {
    "name": "orgLogo",
    "kind": "text",
    "label": "Logótipo da organização",
    "hint": "Imagem PNG ou JPEG, enviada na lista de primeiros passos; vai no cabeçalho dos recibos e das cartas.",
    "pattern": "\\d{1,12}",
    "patternMessage": "O logótipo é o número de um ficheiro enviado.",
    "page": null,
    "readers": "public"
  },
  {
    "name": "mailServer",
    "kind": "text",
    "label": "Servidor de e-mail (SMTP)",
    "hint": "Por onde saem as mensagens (endereço e porta); vazio, este servidor não envia e-mail.",
    "page": "messages",
    "readers": "authenticated",
    "readOnly": true,
    "changedIn": "muda-se na variável de ambiente SMTP_URL do servidor (por exemplo smtp://utilizador:palavra-passe@smtp.exemplo.pt:587), reiniciando-o."
  },
  {
    "name": "mailFrom",
    "kind": "text",
    "label": "Endereço do remetente",
    "hint": "O endereço de onde saem as mensagens; o servidor de e-mail tem de o aceitar.",
    "page": "messages",
    "readers": "authenticated",
    "readOnly": true,
    "changedIn": "muda-se na variável de ambiente MAIL_FROM do servidor, reiniciando-o."
  },
  {
    "name": "privacyRetentionYears",
    "kind": "integer",
    "label": "Anos que se guardam os dados de quem saiu",
    "hint": "Passado este prazo desde a saída, os dados pessoais são anonimizados automaticamente (recibos e donativos ficam, pelo prazo fiscal). 0: nunca.",
    "min": 0,
    "max": 50,
    "page": "privacy",
    "readers": "authenticated"
  },
  {
    "name": "privacyRetentionWarningDays",
    "kind": "integer",
    "label": "Aviso antes da anonimização (dias)",
    "hint": "Os administradores recebem um aviso por e-mail com esta antecedência.",
    "min": 1,
    "max": 365,
    "page": "privacy",
    "readers": "authenticated"
  }
];
