import { expect } from '@open-wc/testing';
import { DEFAULT_TIMINGS, STORAGE_KEYS, type Core } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import type { SentryModule } from '../../src/core/error-reporting.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, until } from './support/fault.js';

const terminology = {
  name: 'A', memberSingular: 'Sócio', memberPlural: 'Sócios', memberURLSingular: 'socio',
  memberURLPlural: 'socios', membershipPayments: 'Quotas', membershipPaymentsURL: 'quotas',
};

function login() {
  const pair = tokenPair();
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
}

describe('startup order', () => {
  afterEach(cleanup);

  it('preparation, then routing and state, then error reporting, then mounting, then the socket', async () => {
    login();
    const { core, f } = testCore();
    await f.script({ 'GET /terminology': { body: { data: { data: terminology } }, delayMs: 100 } });
    const steps: string[] = [];
    const fakeSentry: SentryModule = {
      init: () => steps.push('error-reporting'),
      browserTracingIntegration: () => ({}),
      replayIntegration: () => ({}),
    };
    const routing = await core.start({
      prepare: () => {
        steps.push(`prepare:${core.basePaths.value?.members}`);
      },
      createRouting: () => {
        steps.push('routing');
        return { routes: core.basePaths.value };
      },
      mount: async (r) => {
        steps.push(`mount:${r.routes?.members}:connected=${core.realtime.connected.value}`);
        expect((await f.log()).some((x) => x.method === 'WS-OPEN')).to.equal(false);
      },
      sentryDsn: 'https://key@example.invalid/1',
      loadSentry: () => Promise.resolve(fakeSentry),
    });
    expect(routing.routes?.members).to.equal('/socios');
    expect(steps).to.deep.equal(['prepare:/socios', 'routing', 'error-reporting', 'mount:/socios:connected=false']);
    await until(() => core.realtime.connected.value, 3000, 'socket after mount');
  });

  it('without a DSN error reporting is never loaded', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /terminology': { body: { data: { data: terminology } } } });
    let loaded = false;
    await core.start({
      createRouting: () => null,
      mount: () => undefined,
      loadSentry: () => {
        loaded = true;
        return Promise.reject(new Error('must not load'));
      },
    });
    expect(loaded).to.equal(false);
    expect((globalThis as { __SENTRY__?: unknown }).__SENTRY__).to.equal(undefined);
  });

  it('with a DSN, @sentry/browser is loaded lazily and reports through the {api}/sentry tunnel', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /terminology': { body: { data: { data: terminology } } }, 'POST /sentry': { status: 200, body: {} } });
    await core.start({ createRouting: () => null, mount: () => undefined, sentryDsn: 'https://publickey@o1.ingest.example.invalid/42' });
    const sentry = await import('@sentry/browser');
    const options = sentry.getClient()!.getOptions() as ReturnType<NonNullable<ReturnType<typeof sentry.getClient>>['getOptions']> & Record<string, unknown>;
    expect(options.tunnel).to.equal(`${f.api}/sentry`);
    expect(options.tracesSampleRate).to.equal(0.2);
    expect(options.replaysSessionSampleRate).to.equal(0.1);
    expect(options.replaysOnErrorSampleRate).to.equal(1);
    const replay = sentry.getClient()!.getIntegrationByName('Replay') as unknown as { _initialOptions?: { maskAllInputs?: boolean; blockAllMedia?: boolean } };
    expect(replay, 'replay integration').to.not.equal(undefined);
    expect(replay._initialOptions?.maskAllInputs).to.equal(true);
    expect(replay._initialOptions?.blockAllMedia).to.equal(true);
    sentry.captureMessage('teste de relatório');
    await until(async () => (await f.requests('POST', '/sentry')).length > 0, 5000, 'tunnel request');
    await sentry.close();
  });
});

describe('uploads', () => {
  afterEach(cleanup);

  const file = (bytes: number, name: string, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

  async function track(core: Core) {
    const values: (number | null)[] = [];
    const { effect } = await import('@preact/signals-core');
    const stop = effect(() => void values.push(core.uploads.progress.value));
    return { values, stop };
  }

  it('member photo: multipart POST with no timeout, progress as a percentage', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    await f.script({ 'POST /member_photos': { status: 201, delayMs: 400, body: { data: { _id: 11 } } } });
    const { values, stop } = await track(core);
    try {
      const saving = core.uploads.uploadMemberPhoto(3, file(2_000_000, 'foto.jpg'));
      // Far past the request timeout while the server holds the upload: nothing cuts it off.
      await until(async () => (await f.requests('POST', '/member_photos')).length === 1, 5000, 'the upload');
      clock.advance(10 * DEFAULT_TIMINGS.requestTimeoutMs);
      const saved = await saving;
      expect(saved).to.deep.equal({ _id: 11 });
    } finally {
      stop();
    }
    const [req] = await f.requests('POST', '/member_photos');
    expect(req!.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(req!.headers.authorization).to.match(/^Bearer /);
    expect(Number(req!.headers['content-length'])).to.be.greaterThan(2_000_000);
    expect(values[0]).to.equal(null);
    expect(values).to.include(100);
    expect(values[values.length - 1]).to.equal(null);
    const numbers = values.filter((v): v is number => v !== null);
    expect(numbers.every((v, i) => i === 0 || v >= numbers[i - 1]!)).to.equal(true);
  });

  it('pdf documents: one request per file, progress averaged, reaching 100', async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /pdf_documents': { status: 201, body: { data: { _id: 1 } } } });
    const { values, stop } = await track(core);
    try {
      const saved = await core.uploads.uploadPdfDocuments([file(500_000, 'a.pdf', 'application/pdf'), file(10, 'b.pdf', 'application/pdf')]);
      expect(saved).to.have.length(2);
    } finally {
      stop();
    }
    expect(await f.requests('POST', '/pdf_documents')).to.have.length(2);
    expect(values).to.include(100);
  });

  it('failures carry the spec messages', async () => {
    const { core, f } = testCore();
    await f.script({
      'POST /member_photos': { status: 500 },
      'POST /member_application_photos': { status: 413 },
      'POST /pdf_documents': { status: 500 },
      'DELETE /member_photos/4': { status: 500 },
      'DELETE /pdf_documents/5': { status: 500 },
    });
    const message = (p: Promise<unknown>) => p.then(() => 'no error', (e: Error) => e.message);
    expect(await message(core.uploads.uploadMemberPhoto(1, file(10, 'a.jpg')))).to.equal('Member photo upload failed');
    expect(await message(core.uploads.uploadApplicationPhoto(1, file(10, 'a.jpg')))).to.equal('Member application photo upload failed');
    expect(await message(core.uploads.uploadPdfDocuments([file(10, 'a.pdf')]))).to.equal('Pdf document upload failed');
    expect(await message(core.uploads.deletePhoto('member_photos', 4))).to.equal('failed to delete');
    expect(await message(core.uploads.deletePdfDocument(5))).to.equal('failed to delete');
    expect(core.uploads.progress.value).to.equal(null);
  });

  it('an upload answered 401 refreshes the token and retries', async () => {
    login();
    const fresh = tokenPair(1, 'Ana', 'admin');
    const { core, f } = testCore();
    await f.script({
      'POST /member_photos': [{ status: 401 }, { status: 201, body: { data: { _id: 2 } } }],
      'POST /auth/refresh': { body: fresh },
    });
    expect(await core.uploads.uploadMemberPhoto(1, file(10, 'a.jpg'))).to.deep.equal({ _id: 2 });
    const reqs = await f.requests('POST', '/member_photos');
    expect(reqs[1]!.headers.authorization).to.equal(`Bearer ${fresh.access}`);
  });

  it('photos are listed from {res}/{id}/member_photos', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members/3/member_photos': { body: { data: [{ _id: 1 }] } } });
    expect(await core.uploads.photos('member_photos', 'members', 3)).to.deep.equal([{ _id: 1 }]);
  });
});
