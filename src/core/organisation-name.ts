// The organisation's name inside a Portuguese sentence. Portuguese contracts a preposition with
// the article a name takes ("de" + "a Associação" = "da Associação", "a" + "o Clube" = "ao Clube"),
// so a text cannot just glue "de " before the name: it needs the name's article, which only the
// organisation knows (the terminology's nameArticle). Plain code: the server's message
// templates, PDFs and the widgets all use it.
import type { NameArticle } from './contract.js';

export const NAME_ARTICLES: readonly { value: NameArticle; label: string }[] = [
  { value: 'a', label: 'a (feminino: «da Associação», «à Associação»)' },
  { value: 'o', label: 'o (masculino: «do Clube», «ao Clube»)' },
  { value: 'as', label: 'as (feminino plural: «das Amigas»)' },
  { value: 'os', label: 'os (masculino plural: «dos Amigos»)' },
  { value: '-', label: 'sem artigo («de Lisboa Runners»)' },
];

export type Preposition = 'de' | 'a' | 'em' | 'por' | 'para';

// Each preposition contracted with each article; 'para' does not contract in writing.
const CONTRACTED: Readonly<Record<Preposition, Readonly<Record<Exclude<NameArticle, '-'>, string>>>> = {
  de: { a: 'da', o: 'do', as: 'das', os: 'dos' },
  a: { a: 'à', o: 'ao', as: 'às', os: 'aos' },
  em: { a: 'na', o: 'no', as: 'nas', os: 'nos' },
  por: { a: 'pela', o: 'pelo', as: 'pelas', os: 'pelos' },
  para: { a: 'para a', o: 'para o', as: 'para as', os: 'para os' },
};

export const isNameArticle = (value: unknown): value is NameArticle => NAME_ARTICLES.some((a) => a.value === value);

/** The preposition as it stands before a name with this article: ('de', 'a') is "da", ('de', '-') "de". */
function contracted(preposition: Preposition, article: NameArticle): string {
  return article === '-' ? preposition : CONTRACTED[preposition][article];
}

/** "da Associação Cultural do Vale", "ao Clube Desportivo", "de Lisboa Runners". */
export const withPreposition = (preposition: Preposition, name: string, article: NameArticle): string => `${contracted(preposition, article)} ${name}`;

/**
 * Rewrites every bare preposition written just before the name's placeholder into its contracted
 * form: with article 'a', "candidatura a {organizacao}" becomes "candidatura à {organizacao}" and
 * "sócio de {organizacao}" becomes "sócio da {organizacao}". The placeholder itself stays, for the
 * template's own filling (and escaping). Only the lower-case prepositions de, a, em, por are taken
 * as prepositions; "A {organizacao}" at the start of a sentence is the article, left as written.
 */
export function contractBeforePlaceholder(template: string, placeholder: string, article: NameArticle): string {
  if (article === '-') return template;
  const escaped = placeholder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[\\s(«"'“])(de|a|em|por)(\\s+)(\\{${escaped}\\})`, 'g');
  return template.replace(pattern, (_whole, before: string, preposition: Preposition, space: string, mark: string) => `${before}${contracted(preposition, article)}${space}${mark}`);
}

