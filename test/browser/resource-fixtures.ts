// Shared by the resource list and form browser tests: an explainer, rows, and DOM helpers.
import { waitUntil } from './support/wait.js';
import { getCore, type ExplainerField } from '../../src/core/index.js';
import { fault, type Fault } from './support/fault.js';

type FieldSpec = Partial<ExplainerField> & Pick<ExplainerField, 'name' | 'type' | 'label'>;

const INPUTS: Record<ExplainerField['type'], ExplainerField['inputType']> = {
  string: 'text', text: 'textarea', email: 'email', phone: 'tel', integer: 'number', float32: 'number', boolean: 'checkbox',
  date: 'date', datetime: 'datetime-local', reference: 'select', references: 'multiselect', enum: 'select', password: 'password',
  money: 'money', file: 'file', image: 'image', computed: 'text',
};

export function field(spec: FieldSpec): ExplainerField {
  return {
    validation: {},
    group: 'Geral',
    inputType: INPUTS[spec.type],
    sortable: false,
    filterable: false,
    searchable: false,
    readOnly: false,
    ...spec,
  };
}

export const MEMBER_FIELDS: ExplainerField[] = [
  field({ name: 'number', type: 'integer', label: 'Número', group: 'Identificação', validation: { required: true }, sortable: true, filterable: true }),
  field({ name: 'name', type: 'string', label: 'Nome', group: 'Identificação', validation: { required: true, maxLength: 200 }, sortable: true, filterable: true }),
  field({ name: 'nif', type: 'string', label: 'NIF', group: 'Identificação', sortable: true, filterable: true }),
  field({ name: 'email', type: 'email', label: 'E-mail', group: 'Contactos', sortable: true, filterable: true }),
  field({ name: 'phone', type: 'phone', label: 'Telefone', group: 'Contactos', validation: { pattern: '\\+?[0-9 ]{6,20}' } }),
  field({ name: 'state', type: 'reference', ref: 'member_states', label: 'Estado', group: 'Inscrição', validation: { required: true }, sortable: true, filterable: true }),
  field({ name: 'active', type: 'boolean', label: 'Ativo', group: 'Inscrição', filterable: true }),
  field({ name: 'kind', type: 'enum', label: 'Tipo', group: 'Inscrição', options: [{ value: 'efetivo', label: 'Efetivo' }, { value: 'honorario', label: 'Honorário' }], filterable: true }),
  field({ name: 'tags', type: 'references', ref: 'tags', label: 'Etiquetas', group: 'Inscrição' }),
  field({ name: 'fee', type: 'float32', label: 'Quota', group: 'Inscrição' }),
  field({ name: 'notes', type: 'text', label: 'Notas', group: 'Notas' }),
  field({ name: '_id', type: 'integer', label: 'Identificador', group: 'Registo', readOnly: true, sortable: true, filterable: true }),
  field({ name: 'created_at', type: 'datetime', label: 'Criado em', group: 'Registo', readOnly: true, sortable: true, filterable: true }),
];

export const explainerReply = (fields: ExplainerField[] = MEMBER_FIELDS) => ({ body: { data: { members: { label: 'Sócios', fields } } } });

export function member(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: id,
    created_at: '2024-01-01T10:00:00.000Z',
    number: id,
    name: `Sócio ${id}`,
    nif: '123456789',
    email: `socio${id}@exemplo.pt`,
    phone: '+351 912 345 678',
    state: 1,
    active: true,
    kind: 'efetivo',
    tags: [],
    fee: 12.5,
    notes: '',
    ...extra,
  };
}

export const pageReply = (rows: Record<string, unknown>[], total = rows.length, exact = true) => ({ body: { data: rows, meta: { total, exact } } });

export const statesReply = { body: { data: [{ _id: 1, name: 'Ativo', marksEnd: false }, { _id: 2, name: 'Suspenso', marksEnd: false }], meta: { total: 2 } } };
export const tagsReply = { body: { data: [{ _id: 7, name: 'Direção' }, { _id: 8, name: 'Fundador' }], meta: { total: 2 } } };

/** A fresh fault-server namespace; its core is disposed by `disposeCores`. */
const used: Fault[] = [];
export function freshFault(): Fault {
  const f = fault();
  used.push(f);
  return f;
}

export function disposeCores(): void {
  for (const f of used.splice(0)) getCore(f.api).dispose();
  localStorage.clear();
  sessionStorage.clear();
}

/** Sets a form control's value the way typing does, so React's onChange runs. */
export function typeInto(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const proto = Object.getPrototypeOf(control) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setter?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function all<E extends Element = HTMLElement>(element: Element, selector: string): E[] {
  return [...(element.shadowRoot?.querySelectorAll<E>(selector) ?? [])];
}

/** A button a user can see (not one inside a closed dialog) by its text. */
export function buttonNamed(element: Element, text: string): HTMLButtonElement | undefined {
  return all<HTMLButtonElement>(element, 'button').find((b) => b.textContent?.trim() === text && !b.closest('dialog:not([open])'));
}

export async function waitForButton(element: Element, text: string): Promise<HTMLButtonElement> {
  await waitUntil(() => buttonNamed(element, text), `no button "${text}"`);
  return buttonNamed(element, text)!;
}

export function text(element: Element): string {
  return element.shadowRoot?.textContent ?? '';
}
