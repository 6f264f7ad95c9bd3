import { useEffect, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../core/api-error.js';
import { DEFAULT_API } from '../../core/constants.js';
// The public calls, not the core: a page holding only this element stays within 100 KB gzip (scripts/size.mjs).
import {
  applicationFieldErrors,
  readApplicationForm,
  sendApplication,
  serverMessage,
  UPLOAD_TOKEN_HEADER,
  type LoadedApplicationForm,
  type SentApplication,
} from '../../core/modules/application-form.js';
import { publicHttp } from '../../core/public-http.js';
import { createUploadCalls } from '../../core/upload-calls.js';
import { Button } from '../kit/button.js';
import { useApiBase } from '../kit/element-context.js';
import { ErrorState } from '../kit/error-state.js';
import { Loading } from '../kit/loading.js';
import { space, token } from '../kit/tokens.js';
import { ExtraFields } from './extra-fields.js';
import { FilesSection, type PhotoChoice } from './files-section.js';
import { Honeypot } from './honeypot.js';
import { MemberField, shownOnForm } from './member-fields.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';
import { emptyState, formProblems, guardianExtras, isMinor, lisbonToday, type FormState } from './validate.js';

const Box = styled.div`
  position: relative;
  max-width: 40rem;
  margin: 0 auto;
  h2 {
    margin: 0 0 ${space(1)};
  }
`;

const Alert = styled.p`
  padding: ${space(1.5)};
  border-radius: ${token('radius')};
  border: 1px solid ${token('color-danger')};
  color: ${token('color-danger')};
`;

type Phase = 'filling' | 'sending' | 'uploading' | 'upload-failed' | 'done';

/**
 * The public membership application (issue 13): the member fields the association asks, the
 * fee category, the proposer, a minor's guardian, consent, a photo and documents. No login,
 * no API key. Checks as the server does before sending; then sends, uploads the files with
 * the application's upload token, and ends on the confirmation screen.
 */
export function ApplicationForm() {
  const api = useApiBase() ?? DEFAULT_API;
  const http = useMemo(() => publicHttp(api), [api]);
  const [form, setForm] = useState<LoadedApplicationForm | 'loading' | 'failed' | { closed: string }>('loading');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FormState>(emptyState);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('filling');
  const [photo, setPhoto] = useState<PhotoChoice | null>(null);
  const [documents, setDocuments] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<SentApplication | null>(null);

  useEffect(() => {
    let live = true;
    setForm('loading');
    readApplicationForm(http).then(
      (loaded) => live && setForm(loaded),
      (e: unknown) => live && setForm(e instanceof ApiError && e.status === 404 && serverMessage(e) ? { closed: serverMessage(e)! } : 'failed'),
    );
    return () => {
      live = false;
    };
  }, [http, attempt]);

  if (form === 'loading') return <Loading />;
  if (form === 'failed') return <ErrorState message={T.loadFailed} onRetry={() => setAttempt((n) => n + 1)} />;
  if ('closed' in form) return <Alert role="alert">{form.closed}</Alert>;

  const today = lisbonToday();
  const minor = isMinor(form, state, today);
  const update = (change: Partial<FormState>) => setState((s) => ({ ...s, ...change }));
  const leave = (name: string) => {
    const problem = formProblems(form, state, today)[name];
    setErrors(({ [name]: _gone, ...rest }) => (problem ? { ...rest, [name]: problem } : rest));
  };

  async function upload(application: SentApplication) {
    if (!photo && documents.length === 0) return setPhase('done');
    setPhase('uploading');
    const calls = createUploadCalls(publicHttp(api, { [UPLOAD_TOKEN_HEADER]: application.uploadToken }), setProgress);
    try {
      if (photo) await calls.uploadApplicationPhoto(application.id, await photo(), 'fotografia.jpg');
      if (documents.length > 0) await calls.uploadPdfDocuments(documents, { memberApplicationID: String(application.id) });
      setPhase('done');
    } catch {
      setPhase('upload-failed');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || typeof form !== 'object' || 'closed' in form) return;
    const problems = formProblems(form, state, today);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return setAlert(T.fixErrors);
    setAlert(null);
    setPhase('sending');
    const values = Object.fromEntries(form.described.filter(shownOnForm).map((f) => [f.name, (state.values[f.name] ?? '').trim() || null]));
    try {
      const application = await sendApplication(http, values, {
        consentVersion: form.consentVersion,
        formToken: form.formToken,
        website: state.website,
        ...(state.feeCategory ? { feeCategory: Number(state.feeCategory) } : {}),
        ...(state.proposerNumber.trim() ? { proposerNumber: Number(state.proposerNumber) } : {}),
        ...(minor ? guardianExtras(state) : {}),
        ...(Object.keys(state.purposes).length > 0 ? { consents: state.purposes } : {}),
      });
      setSent(application);
      await upload(application);
    } catch (e) {
      setPhase('filling');
      const fieldErrors = applicationFieldErrors(e);
      // By the application's field names, as this form keys its own checks.
      if (fieldErrors) setErrors(fieldErrors);
      setAlert(fieldErrors ? T.fixErrors : (serverMessage(e) ?? T.failed));
    }
  }

  if (phase === 'done') {
    const email = state.values.email?.trim();
    return (
      <Box role="status" data-done>
        <h2>{T.doneTitle}</h2>
        <p>{email ? T.done(email) : T.doneNoEmail}</p>
      </Box>
    );
  }
  if (phase === 'upload-failed' && sent) {
    return (
      <Box>
        <Alert role="alert">{T.uploadFailed}</Alert>
        <Button onClick={() => void upload(sent)}>{T.retryUpload}</Button> <Button variant="secondary" onClick={() => setPhase('done')}>{T.skipUpload}</Button>
      </Box>
    );
  }

  const busy = phase === 'sending' || phase === 'uploading';
  return (
    <Box>
      <h2>{T.title}</h2>
      <p>{T.intro}</p>
      <p>{T.requiredLegend}</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        {form.described.filter(shownOnForm).map((field) => (
          <MemberField
            key={field.name}
            field={field}
            value={state.values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => update({ values: { ...state.values, [field.name]: value } })}
            onLeave={() => leave(field.name)}
          />
        ))}
        <ExtraFields form={form} state={state} errors={errors} minor={minor} update={update} />
        <FilesSection onPhoto={(choice) => setPhoto(() => choice)} onDocuments={setDocuments} />
        <Honeypot value={state.website} onChange={(website) => update({ website })} />
        {alert && <Alert role="alert">{alert}</Alert>}
        <div aria-live="polite">
          {phase === 'sending' && <p>{T.sending}</p>}
          {phase === 'uploading' && progress !== null && (
            <p>
              <progress max={100} value={progress} aria-label={T.uploading(progress)} /> {T.uploading(progress)}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy}>
          {T.submit}
        </Button>
      </form>
    </Box>
  );
}
