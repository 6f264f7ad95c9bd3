// What the API key list and the API key form share: the record, its words, its revocation.
import { RESOURCE, ROLE_LABELS, type ApiSecret as ApiSecretRecord, type Core } from '../../core/index.js';

export type ApiSecret = ApiSecretRecord & {
  /** Present only in the answer to the create request: the one time the server sends it. */
  secret?: string;
};

// A key's role comes from the server as a string; one the contract does not know shows as sent.
const labels: Readonly<Record<string, string>> = ROLE_LABELS;
export const roleLabel = (role: string) => labels[role] ?? role;

export const API_KEY_TEXTS = {
  title: 'Chaves de API',
  lead: 'As chaves de API deixam outras aplicações usar o Associa em nome da organização, com as permissões do perfil escolhido.',
  docs: 'Referência da API',
  create: 'Nova chave',
  name: 'Nome',
  role: 'Perfil',
  prefix: 'Início da chave',
  lastUsed: 'Última utilização',
  status: 'Estado',
  createdAt: 'Criada em',
  actions: 'Ações',
  never: 'Nunca',
  active: 'Ativa',
  revokedOn: (when: string) => `Revogada em ${when}`,
  expiredOn: (when: string) => `Expirada em ${when}`,
  activeUntil: (when: string) => `Ativa até ${when}`,
  expires: 'Expira em',
  noExpiry: 'Sem data de expiração',
  revoke: 'Revogar',
  revokeTitle: (name: string) => `Revogar a chave «${name}»?`,
  revokeBody: 'As aplicações que usam esta chave deixam de ter acesso de imediato. Não é possível anular esta operação.',
  revoked: 'Chave revogada.',
  empty: 'Ainda não há chaves de API.',
  loadFailed: 'Não foi possível carregar as chaves de API.',
  adminOnly: 'Só um administrador pode gerir chaves de API.',
  notFound: 'Chave de API não encontrada.',
  edit: (name: string) => `Editar a chave ${name}`,
} as const;

/** An ISO timestamp as pt-PT date and time. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A key's state as people read it, and whether the server still accepts it. */
export function keyStatus(key: ApiSecret, now = Date.now()): { live: boolean; text: string } {
  const revokedAt = formatDateTime(key.revoked_at);
  if (revokedAt) return { live: false, text: API_KEY_TEXTS.revokedOn(revokedAt) };
  const expiresAt = formatDateTime(key.expires_at);
  if (!expiresAt) return { live: true, text: API_KEY_TEXTS.active };
  return Date.parse(String(key.expires_at)) <= now
    ? { live: false, text: API_KEY_TEXTS.expiredOn(expiresAt) }
    : { live: true, text: API_KEY_TEXTS.activeUntil(expiresAt) };
}

/** Revokes a key for good; the server records its own time, whatever is sent. */
export async function revokeApiSecret(core: Core, id: number | string): Promise<ApiSecret | null> {
  // The server's revoke action stamps the time itself and logs the key's sessions out;
  // the key lists shown are read again after it.
  const revoked = await core.queries.action<ApiSecret | undefined>(`${RESOURCE.apiSecrets}/${encodeURIComponent(String(id))}/revoke`, {}, { invalidates: [RESOURCE.apiSecrets] });
  return revoked ?? null;
}
