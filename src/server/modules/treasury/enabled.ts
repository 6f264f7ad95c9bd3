import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { readSetting } from '../../settings/read.js';

/** Treasury commands answer 404 while the organisation has not turned the treasury on (setting hasTreasury). */
export async function requireTreasury(db: Db): Promise<void> {
  if (!(await readSetting(db, 'hasTreasury'))) throw notFound('A tesouraria não está ativa. Pode ativá-la na configuração da tesouraria.');
}
