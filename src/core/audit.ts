// The audit trail as the server answers it and as people read it (pt-PT).
// Types and constants only: nothing here may import anything or have side effects.

export type AuditActorKind = 'user' | 'apiKey' | 'anonymous' | 'system';

/** Changed fields: `{field: [old, new]}`, values as the API shows them. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * One entry of `GET /api/{res}/{id}/history`. Administrators get every member; a person
 * reading the history of their own record gets no address and no actor id, and only the
 * fields they may read.
 */
export interface AuditHistoryEntry {
  _id: number;
  /** ISO-8601 UTC. */
  at: string;
  /** 'create' | 'update' | 'delete' | an action name (AUDIT_ACTION_LABELS). */
  action: string;
  actor_kind: AuditActorKind;
  actor_name: string | null;
  actor_id?: number | null;
  address?: string | null;
  changes: AuditChanges | null;
}

/** What each recorded action is called. An action missing here shows its own name. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Eliminação',
  login: 'Entrada',
  logout: 'Saída',
  password: 'Alteração da palavra-passe',
  revoke: 'Revogação',
  two_factor_on: 'Ativação da autenticação em dois passos',
  two_factor_off: 'Desativação da autenticação em dois passos',
  recovery_codes: 'Novos códigos de recuperação',
  import: 'Importação',
  import_undo: 'Anulação de importação',
  guardian_access: 'Acesso do encarregado de educação',
  erase: 'Apagamento dos dados pessoais',
};

export const AUDIT_ACTOR_LABELS: Readonly<Record<AuditActorKind, string>> = {
  user: 'Utilizador',
  apiKey: 'Chave de API',
  anonymous: 'Anónimo',
  system: 'Sistema',
};

/** How a person reading their own history sees changes made by API keys and the server. */
export const AUDIT_ORGANISATION_ACTOR = 'Serviços da organização';
