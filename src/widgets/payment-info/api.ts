import type { Core } from '../../core/index.js';

/** A debt as the public page sees it: amounts in integer cents. */
export interface InfoDebt {
  id: number;
  description: string;
  due_date: string;
  open_amount: number;
  /** Whose debt it is: given for a household's debts (issue 34). */
  member?: { id: number; name: string; number: number | null };
}

/** A household the link's member pays for, with its members' owing debts. */
export interface InfoHousehold {
  id: number;
  name: string;
  debts: (InfoDebt & { member: { id: number; name: string; number: number | null } })[];
  total: number;
}

export type PaymentMethod = 'multibanco' | 'mbway';
export type RequestState = 'pending' | 'paid' | 'expired' | 'failed';

export interface InfoRequest {
  id: number;
  method: PaymentMethod;
  state: RequestState;
  amount: number;
  entity: string | null;
  reference: string | null;
  expires_at: string;
  paid_at: string | null;
}

/** A bank transfer to the association: its IBAN and the description that names the payer (null: none to give). */
export interface TransferOption {
  iban: string;
  description: string | null;
}

export interface PaymentInfo {
  association: string;
  first_name: string;
  debts: InfoDebt[];
  total: number;
  methods: PaymentMethod[];
  transfer: TransferOption | null;
  request: InfoRequest | null;
  /** The households this member pays for (empty for most). */
  households: InfoHousehold[];
}

// The public API: no session token is sent (the link's token is the proof) and no refresh is tried.
const base = (token: string) => `payment_info/${encodeURIComponent(token)}`;

export async function readPaymentInfo(core: Core, token: string): Promise<PaymentInfo> {
  return (await core.http.get<{ data: PaymentInfo }>(base(token), { anonymous: true })).data.data;
}

export async function requestPayment(core: Core, token: string, body: { debts: number[]; method: PaymentMethod; phone?: string; household?: number }): Promise<InfoRequest> {
  return (await core.http.post<{ data: InfoRequest }>(`${base(token)}/requests`, body, { anonymous: true })).data.data;
}

export async function readRequest(core: Core, token: string, id: number): Promise<InfoRequest> {
  return (await core.http.get<{ data: InfoRequest }>(`${base(token)}/requests/${id}`, { anonymous: true, quiet: true })).data.data;
}
