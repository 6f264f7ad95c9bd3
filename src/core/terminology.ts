import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Terminology, TerminologyResponse } from './contract.js';
import type { Http } from './http.js';

/** Terminology-driven path pieces of SPEC 2 (the host builds the full route table from them). */
export interface BasePaths {
  /** membersList; also the base of membersNew (base/novo) and membersEdit (base/{id}). */
  members: string;
  /** memberSettings: /configuracao{Members} */
  memberSettings: string;
  /** membershipCardList: /cartoes{MemberSingular} */
  membershipCards: string;
  /** membershipCardLettersSingle base: /cartaCartoes{MemberSingular} */
  membershipCardLetters: string;
  /** membershipCardSettings: /configuracaoCartoes{Members} */
  membershipCardSettings: string;
  /** PaymentsC; paymentsList is base/pagamentos, unpaid base/dividas. */
  payments: string;
  /** paymentsNotifyMultiple: base/notificar{Members} */
  paymentsNotifyMultiple: string;
}

export function basePaths(t: Terminology): BasePaths {
  const payments = '/' + t.membershipPaymentsURL;
  return {
    members: '/' + t.memberURLPlural,
    memberSettings: '/configuracao' + t.memberPlural,
    membershipCards: '/cartoes' + t.memberURLSingular,
    membershipCardLetters: '/cartaCartoes' + t.memberURLSingular,
    membershipCardSettings: '/configuracaoCartoes' + t.memberPlural,
    payments,
    paymentsNotifyMultiple: payments + '/notificar' + t.memberPlural,
  };
}

export interface TerminologyStore {
  terminology: ReadonlySignal<Terminology | null>;
  load(): Promise<Terminology | null>;
}

export function createTerminology(http: Http): TerminologyStore {
  const terminology = signal<Terminology | null>(null);
  return {
    terminology,
    async load() {
      const res = await http.get<TerminologyResponse>('terminology');
      terminology.value = res.data?.data?.data ?? null;
      return terminology.value;
    },
  };
}
