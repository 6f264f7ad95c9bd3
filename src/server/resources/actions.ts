import type { Caller } from '../auth/caller.js';
import type { Db, Row } from '../db/database.js';
import type { Jobs } from '../jobs/engine.js';
import type { FieldDefinition, Grant, HookContext } from './define.js';

/** What an action's `run` receives: the transaction, who asks, the checked input and (record actions) the locked row. */
export interface ActionContext extends HookContext {
  caller: Caller;
  db: Db;
  /** The input, converted and validated against the action's fields. */
  input: Row;
  /** The request's body as sent: for input of a shape fields cannot describe (a list of objects), which the action checks itself. */
  body: Readonly<Record<string, unknown>>;
  /** Record actions: the row the action applies to, read and locked inside the transaction. */
  record?: Row;
  /** Background jobs: enqueue with `db` (the transaction), wake in afterCommit. */
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
}

/**
 * A named command beside a resource's CRUD: `POST /api/{resource}/{id}/{name}` (on: 'record')
 * or `POST /api/{resource}/{name}` (on: 'collection'). It runs in one transaction with an
 * audit entry named after it; change events go out after the commit.
 */
export interface ActionDefinition {
  resource: string;
  /** URL segment and audit action name, e.g. 'revoke', 'settle'. */
  name: string;
  /** What the command is called, in pt-PT (explainer, OpenAPI). */
  label: string;
  on: 'record' | 'collection';
  /** Input fields, validated like record fields (pt-PT messages, 422 {errors}). */
  fields?: readonly FieldDefinition[];
  /** Who may run it ('own' and scopes: a record action also needs the record to be visible to the caller). */
  access: readonly Grant[];
  /**
   * The command's work, inside the transaction. Returns the answer's `data`; absent: the
   * record as it stands after the action (record actions) or `null`.
   */
  run(context: ActionContext): Promise<unknown>;
}

export const defineAction = (action: ActionDefinition): ActionDefinition => action;
