import { LIST_AFTER, LIST_ALL, LIST_DEFAULT_LIMIT, LIST_EXACT_TOTAL_LIMIT, LIST_MAX_LIMIT, ROLE_LABELS, ROLES, type Role } from '../../core/contract.js';
import type { ActionDefinition } from '../resources/actions.js';
import type { Field, Grant, Resource } from '../resources/define.js';
import { filterHint } from '../resources/text-filter.js';
import { searchColumns } from '../resources/search.js';

/*
 * The pt-PT words of the resource operations in the OpenAPI document, all derived from the
 * definitions (label, fields, access grants, declared filters): a definition that changes
 * changes its documentation. resources/openapi.ts places them.
 */

const code = (text: string) => `\`${text}\``;

/** A label inside a sentence: "Sócios" -> "sócios", but "Chaves de API" keeps its acronym. */
const inSentence = (label: string) => (/^\p{Lu}\p{Ll}/u.test(label) ? `${label[0]!.toLowerCase()}${label.slice(1)}` : label);

/** "a, b e c" (or "a, b ou c"). */
function joinPt(items: readonly string[], last: 'e' | 'ou' = 'e'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

const plural = (role: Role) => {
  const label = ROLE_LABELS[role].toLowerCase();
  return label.endsWith('r') ? `${label}es` : `${label}s`;
};

/** Whose rows an 'own' grant reaches, from the resource's scope. */
function ownRows(resource: Resource): string {
  const scope = resource.scope;
  if (!scope) return 'nos seus próprios registos';
  const whose = scope.equals === 'callerMember' ? 'a sua ficha de sócio' : 'a sua conta';
  if (scope.column === '_id') return scope.equals === 'callerMember' ? 'na sua própria ficha' : 'na sua própria conta';
  return `nos registos cujo campo «${resource.field(scope.column)?.label ?? scope.column}» é ${whose}`;
}

/** Who the grants let through, as a sentence. */
function whoMay(resource: Resource, grants: readonly Grant[]): string {
  const parts: string[] = [];
  if (grants.includes('public')) {
    const fields = (resource.publicFields ?? []).map((name) => resource.field(name)?.label ?? name);
    parts.push(`qualquer pessoa, sem autenticação${fields.length > 0 ? ` (só com os campos ${joinPt(fields.map((f) => `«${f}»`))})` : ''}`);
  }
  if (grants.includes('anyone')) parts.push('qualquer conta com sessão e qualquer chave de API');
  else {
    const roles = ROLES.filter((role) => grants.includes(role));
    if (roles.length > 0) parts.push(`${joinPt(roles.map(plural))} (com sessão, ou chave de API desse perfil)`);
  }
  if (grants.includes('own')) parts.push(`as outras pessoas com sessão, só ${ownRows(resource)}`);
  return `Quem pode: ${parts.join('; ')}.`;
}

/** The `_search` text, or nothing when no field is searchable. */
function searchText(resource: Resource): string | undefined {
  // A searchable reference: the fields its record is found by ("«Sócio» (Número, Nome ou NIF…)").
  const related = (name: string) => resource.relatedSearch?.find((r) => r.field.name === name)?.resource;
  const labelOf = (f: Field) => {
    const other = related(f.name);
    return other ? `«${f.label}» (${joinPt(searchColumns(other).map((c) => inSentence(c.label)), 'ou')})` : `«${f.label}»`;
  };
  const fields = resource.fields.filter((f) => f.searchable).map(labelOf);
  return fields.length === 0 ? undefined : `Cada palavra tem de aparecer num destes campos: ${joinPt(fields)}, sem distinção de maiúsculas nem acentos.`;
}

export const LIST_PARAMS = {
  page: 'Página a devolver, a partir de 1.',
  limit: `Registos por página, de 1 a ${LIST_MAX_LIMIT} (${LIST_DEFAULT_LIMIT} por omissão; valores fora do intervalo são ajustados); ${LIST_ALL} devolve todos os que correspondem.`,
  sort: (resource: Resource) => `Campo pelo qual ordenar; com ${code('-')} antes do nome, por ordem descendente (${code('-created_at')}). Por omissão: ${code(resource.defaultSort ?? '_id')}.`,
  search: (resource: Resource) => searchText(resource) ?? '',
  after: `Cursor da página seguinte: o ${code('meta.next')} da página anterior, com o mesmo ${code('_sort')}, filtros e pesquisa. Continua logo depois do último registo dessa página, sem repetir nem saltar registos mesmo que outros sejam criados entretanto, e é tão rápido no fim da lista como no início. Não se usa com ${code('_page')}.`,
} as const;

/** A `_{field}` filter: how its value matches, and the forms it takes. */
export function filterText(field: Field): string {
  const matches =
    field.type === 'reference' || field.type === 'references'
      ? `o ${code('_id')} de um registo de ${code(field.ref ?? '')}`
      : field.type === 'enum'
        ? `um de ${joinPt((field.options ?? []).map((o) => `${code(o.value)} (${o.label})`))}`
        : (filterHint(field) ?? 'o valor exato, no formato do campo');
  return `Filtro por «${field.label}»: ${matches}. Repita o parâmetro para aceitar qualquer de vários valores; vazio (${code(`_${field.name}=`)}) pede os registos sem valor.`;
}

/** A list request that uses the resource's own parameters, for the description. */
function exampleQuery(resource: Resource): string {
  const sortable = resource.fields.find((f) => f.sortable && f.name !== '_id');
  const filter = resource.fields.find((f) => f.filterable && (f.type === 'enum' || f.type === 'reference'));
  const parts = ['_page=2', '_limit=20'];
  if (sortable) parts.push(`_sort=-${sortable.name}`);
  if (resource.fields.some((f) => f.searchable)) parts.push('_search=silva');
  if (filter) parts.push(`_${filter.name}=${filter.type === 'enum' ? (filter.options?.[0]?.value ?? '') : '1'}`);
  return `GET /api/${resource.name}?${parts.join('&')}`;
}

export function listDescription(resource: Resource): string {
  const filterable = resource.fields.filter((f) => f.filterable && !f.writeOnly).map((f) => code(`_${f.name}`));
  const lines = [
    `Devolve ${inSentence(resource.label)} numa página: ${code('data')} com os registos e ${code('meta.total')} com quantos correspondem ao pedido ` +
      `(acima de ${LIST_EXACT_TOTAL_LIMIT} o total é uma estimativa e ${code('meta.exact')} é ${code('false')}).`,
    whoMay(resource, resource.access.list),
    `Paginação: ${code('_page')} e ${code('_limit')} (${code(String(LIST_ALL))}: todos); para avançar página a página, ${code(LIST_AFTER)} com o ${code('meta.next')} da página anterior. Ordenação: ${code('_sort')}, ${code('-')} antes do campo para descendente.`,
    ...(searchText(resource) ? [`Pesquisa: ${code('_search')}. ${searchText(resource)}`] : []),
    ...(filterable.length > 0 ? [`Filtros por campo: ${joinPt(filterable)}; datas e números também por intervalo (${code('_{campo}_gte')}, ${code('_{campo}_lte')}, inclusive).`] : []),
    ...((resource.filters ?? []).length > 0 ? [`Outros filtros: ${joinPt((resource.filters ?? []).map((f) => `${code(`_${f.name}`)} (${f.label})`))}.`] : []),
    `Um parâmetro desconhecido ou com valor inválido é 400, com a mensagem a dizer qual. Exemplo: ${code(exampleQuery(resource))}.`,
  ];
  return lines.join('\n\n');
}

const requiredText = (fields: readonly Field[]) => {
  const names = fields.filter((f) => f.validation.required && !f.defaultValue && !f.readOnly).map((f) => code(f.name));
  return names.length > 0 ? ` Obrigatórios: ${joinPt(names)}.` : '';
};

const FIELD_ERRORS = 'Com erros, a resposta é 422 com a mensagem (em português) de cada campo em `errors`, e nada é gravado.';

export const OPERATION_TEXTS = {
  create: (resource: Resource) =>
    `Cria um registo com os campos enviados; os campos só de leitura (${code('_id')}, datas de registo) são atribuídos pelo servidor.${requiredText(resource.fields)} ` +
    `Responde 201 com o registo gravado. ${FIELD_ERRORS}\n\n${whoMay(resource, resource.access.create)}`,
  validate: (resource: Resource) =>
    `Verifica um registo como a gravação o faria, sem gravar nada: sem ${code('_id')} no corpo, como uma criação; com ${code('_id')}, como uma alteração desse registo. ` +
    `Responde 200 sem erros, ou 422 com a mensagem de cada campo.\n\nQuem pode: quem pode criar (sem ${code('_id')}) ou alterar (com ${code('_id')}) ${inSentence(resource.label)}.`,
  read: (resource: Resource) =>
    `Devolve um registo pelo seu ${code('_id')}, com a versão no cabeçalho ${code('ETag')}. Um registo que não existe, ou que quem pede não pode ver, é 404.\n\n${whoMay(resource, resource.access.read)}`,
  replace: (resource: Resource) =>
    `Substitui o registo pelos campos enviados: um campo que fica de fora fica vazio, exceto os que não se podem enviar (só de escrita, com valor por omissão ou que quem pede não pode alterar). ` +
    `Envie ${code('If-Match')} com a versão lida para não apagar a alteração de outra pessoa. ${FIELD_ERRORS}\n\n${whoMay(resource, resource.access.update)}`,
  update: (resource: Resource) =>
    `Altera só os campos enviados. Envie ${code('If-Match')} com a versão lida para não apagar a alteração de outra pessoa (409 ${code('stale_version')}). ${FIELD_ERRORS}\n\n${whoMay(resource, resource.access.update)}`,
  delete: (resource: Resource) =>
    `Apaga o registo; responde 204 sem corpo. 409 quando o registo é usado noutro lado (${code('in_use')}) ou a versão de ${code('If-Match')} já não é a atual.\n\n${whoMay(resource, resource.access.delete)}`,
  nested: (parent: Resource, child: Resource, field: Field) =>
    `Os registos de ${inSentence(child.label)} cujo campo «${field.label}» é este registo de ${inSentence(parent.label)}, com os parâmetros de paginação, ordenação, pesquisa e filtros da lista de ${inSentence(child.label)}. ` +
    `404 quando o registo de ${inSentence(parent.label)} não existe ou quem pede não o pode ver.\n\n${whoMay(child, child.access.list)}`,
  action: (resource: Resource, action: ActionDefinition, fields: readonly Field[]) =>
    `${action.label}${action.on === 'record' ? `, num registo de ${inSentence(resource.label)} (pelo ${code('_id')})` : `, em ${inSentence(resource.label)}`}. ` +
    (fields.length > 0 ? `Corpo: ${joinPt(fields.map((f) => `${code(f.name)} (${f.label})`))}.${requiredText(fields)} ` : 'Sem corpo. ') +
    `Responde 200 com ${code('data')}: ${action.on === 'record' ? 'o registo depois da ação, ou o resultado da ação' : 'o resultado da ação'}. ${FIELD_ERRORS}\n\n${whoMay(resource, action.access)}`,
} as const;
