import type { Db, Row } from '../db/database.js';
import { invalidRecord } from '../errors.js';
import { isImageType } from '../files/kinds.js';
import { claimFile, findFile } from '../files/records.js';
import type { Field, Resource } from '../resources/define.js';

const isFileField = (field: Field) => field.type === 'file' || field.type === 'image';

const UNAVAILABLE = 'Este ficheiro não existe ou já pertence a outro registo.';
const NOT_AN_IMAGE = 'Este ficheiro não é uma imagem (JPEG, PNG ou WebP).';

/**
 * Why the file a field names cannot be given to it, or null: it must exist, be nobody's or
 * already this very record field's, and be an image for an image field.
 */
async function fileProblem(db: Db, resource: Resource, field: Field, id: number, existing: Row | undefined): Promise<string | null> {
  const file = await findFile(db, id);
  if (!file) return UNAVAILABLE;
  const owner = file.record.owner;
  const ours = owner !== null && existing !== undefined && owner.resource === resource.name && owner.record === Number(existing._id) && owner.field === field.name;
  if (owner !== null && !ours) return UNAVAILABLE;
  if (field.type === 'image' && !isImageType(file.record.contentType)) return NOT_AN_IMAGE;
  return null;
}

/** The pt-PT problems of the files a write names, by field (checked again when claimed). */
export async function fileErrors(db: Db, resource: Resource, values: Row, existing: Row | undefined): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const field of resource.fields.filter(isFileField)) {
    const id = values[field.name];
    if (typeof id !== 'number' || (existing && Number(existing[field.name]) === id)) continue;
    const problem = await fileProblem(db, resource, field, id, existing);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/**
 * Gives the files a write names to their record fields, inside the write's transaction: a
 * file another write claimed meanwhile is a 422 and the whole write rolls back.
 */
export async function claimFieldFiles(trx: Db, resource: Resource, id: number, values: Row, before: Row | undefined, at: number): Promise<void> {
  for (const field of resource.fields.filter(isFileField)) {
    const fileId = values[field.name];
    if (typeof fileId !== 'number' || (before && Number(before[field.name]) === fileId)) continue;
    if (!(await claimFile(trx, fileId, { resource: resource.name, record: id, field: field.name }, at))) {
      throw invalidRecord({ [field.name]: UNAVAILABLE });
    }
  }
}
