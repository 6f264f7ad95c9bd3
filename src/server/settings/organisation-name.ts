import type { NameArticle } from '../../core/contract.js';
import { isNameArticle } from '../../core/organisation-name.js';
import type { Db } from '../db/database.js';
import { readSettings } from './read.js';

export interface OrganisationName {
  name: string;
  article: NameArticle;
}

/** The organisation's name and the article it takes, for texts that name it after a preposition. */
export async function readOrganisationName(db: Db): Promise<OrganisationName> {
  const { name, nameArticle } = await readSettings(db, ['name', 'nameArticle']);
  return { name, article: isNameArticle(nameArticle) ? nameArticle : 'a' };
}
