// Staff's calls on membership applications beyond the generic resource (issue 13): decide,
// bulk accept, and the possible duplicates of one application.
import { RESOURCE } from '../contract.js';
import type { Http } from '../http.js';

/** Someone the application may repeat: a member or another application with the same NIF, e-mail, or name and birth date. */
export interface ApplicationDuplicate {
  reason: 'nif' | 'email' | 'name_birth';
  source: 'member' | 'application';
  id: number;
  name: string;
  number?: number | null;
  state?: string | null;
  /** What staff compare with the applicant's own, side by side. */
  email?: string | null;
  nif?: string | null;
  birth_date?: string | null;
  phone?: string | null;
  locality?: string | null;
}

/** The consent an application carries: when, which text (null: no longer known), whether it is the one in force and since when. */
export interface ApplicationConsent {
  acceptedAt: string | null;
  text: string | null;
  current: boolean;
  since: string | null;
}

export interface AcceptedApplication {
  member: number;
  number: number;
}

export interface AcceptedMany {
  accepted: { id: number; member: number }[];
  refused: { id: number; message: string }[];
}

const base = RESOURCE.memberApplications;
const one = (id: string | number) => `${base}/${encodeURIComponent(String(id))}`;

export const acceptApplication = async (http: Http, id: string | number): Promise<AcceptedApplication> =>
  (await http.post<{ data: AcceptedApplication }>(`${one(id)}/accept`)).data.data;

export const acceptApplications = async (http: Http, ids: readonly number[]): Promise<AcceptedMany> =>
  (await http.post<{ data: AcceptedMany }>(`${base}/accept_many`, { ids })).data.data;

export const rejectApplication = async (http: Http, id: string | number, reason: string): Promise<void> => {
  await http.post(`${one(id)}/reject`, { reason });
};

export const withdrawApplication = async (http: Http, id: string | number): Promise<void> => {
  await http.post(`${one(id)}/withdraw`);
};
