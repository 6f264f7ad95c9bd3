// The public side of membership applications (SPEC 2 and 7): the form's rules, sending an
// application, its photo and documents, and the e-mail confirmation. Anonymous calls through
// public-http.ts only: the form and confirmation elements stay out of the core's chunk.
import { ApiError } from '../api-error.js';
import type { ExplainerField, ExplainerResponse } from '../contract.js';
import { RESOURCE } from '../contract.js';
import type { PublicHttp } from '../public-http.js';

/** GET member_applications/form: what this association asks, as its settings say now. */
export interface ApplicationForm {
  /** Proves when the form was opened: the server refuses one sent within 3 s or after 24 h. */
  formToken: string;
  fields: { name: string; required: boolean }[];
  consentText: string;
  consentVersion: string;
  minorAge: number;
  proposerRequired: boolean;
  feeCategories: { _id: number; name: string }[];
  /** The consent purposes the form asks (newsletter, photos...), each optional, with its text's version. */
  consentPurposes?: { key: string; name: string; description: string; version: number }[];
}

/** The form with each asked field's description (label, type, rules) from the public explainer. */
export interface LoadedApplicationForm extends ApplicationForm {
  described: (ExplainerField & { required: boolean })[];
  /** A minor's guardian's relation to them, as the server's field offers it (mãe, pai, tutor legal, outra). */
  guardianRelations: { value: string; label: string }[];
}

/** What the form sends beside the member fields, under the contract's names. */
export interface ApplicationExtras {
  feeCategory?: number;
  proposerNumber?: number;
  consentVersion: string;
  guardianName?: string;
  guardianConsent?: boolean;
  guardianEmail?: string;
  guardianPhone?: string;
  guardianRelation?: string;
  formToken: string;
  /** The honeypot: a person leaves it empty. */
  website: string;
  /** The consent purposes ticked, each with the version of the text shown. */
  consents?: Record<string, number>;
}

export interface SentApplication {
  id: number;
  /** Lets this browser add the photo and documents for an hour (header X-Upload-Token). */
  uploadToken: string;
}

export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';

const FORM_PATH = `${RESOURCE.memberApplications}/form`;

/** The form's rules and, for each field it asks, the public explainer's description of it. */
export async function readApplicationForm(http: Pick<PublicHttp, 'get'>): Promise<LoadedApplicationForm> {
  const [form, explainer] = await Promise.all([http.get<{ data: ApplicationForm }>(FORM_PATH), http.get<ExplainerResponse>('explainer')]);
  const rules = form.data.data;
  const fields = explainer.data.data[RESOURCE.memberApplications]?.fields ?? [];
  const described = rules.fields.flatMap(({ name, required }) => {
    const field = fields.find((f) => f.name === name);
    return field ? [{ ...field, required }] : [];
  });
  return { ...rules, described, guardianRelations: fields.find((f) => f.name === 'guardian_relation')?.options ?? [] };
}

/** POST member_applications: 201 with the id and upload token; a 422 carries field errors by field name. */
export async function sendApplication(http: Pick<PublicHttp, 'post'>, values: Record<string, unknown>, extras: ApplicationExtras): Promise<SentApplication> {
  const res = await http.post<{ data: SentApplication }>(RESOURCE.memberApplications, { ...values, ...extras });
  return res.data.data;
}

/** The field errors of a refused application, by the application's field names; null when it was not a 422. */
export function applicationFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : null;
}

/** The server's pt-PT words for a refused call, when it sent some. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

export type VerificationStatus = 'confirmed' | 'already_confirmed' | 'expired' | 'unknown';

/** POST member_applications/verifyEmail: the outcome by name, with the server's words for a refusal. */
export async function verifyApplicationEmail(http: Pick<PublicHttp, 'post'>, verificationCode: string): Promise<{ status: VerificationStatus; message: string | null }> {
  try {
    const res = await http.post<{ data: { status: 'confirmed' | 'already_confirmed' } }>(`${RESOURCE.memberApplications}/verifyEmail`, { verificationCode });
    return { status: res.data.data.status, message: null };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 410)) return { status: e.status === 410 ? 'expired' : 'unknown', message: serverMessage(e) };
    throw e;
  }
}
