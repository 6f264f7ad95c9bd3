// Sócios › Importar: what to import and the file (sent as soon as it is chosen or dropped); then
// its columns mapped, checked (a dry run) and imported, in a part loaded once a file is read.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Loading, space } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { failureText, uploadImport } from '../api.js';
import type { ImportKind, ImportUpload } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';
import { ChooseFile } from './choose-file.js';

// Mapping, report and import: the page's weight beyond its first view, fetched with the first file.
const Steps = lazy(async () => ({ default: (await import('./steps.js')).Steps }));

const Box = styled.div`
  display: grid;
  gap: ${space(2)};
  progress {
    display: block;
    width: 100%;
    max-width: 28rem;
  }
`;

export interface ImportPageProps {
  /** The kinds the server imports ('members,history'); absent: members only. */
  kinds?: string;
  /** The members' list ('/socios'), linked once an import is done. */
  membersPath?: string;
  /** A member's page ('/socios/:id'): the report links each matched member there. */
  memberPath?: string;
  /** The members' word in the plural ('Sócios'). */
  plural?: string;
}

const KNOWN: readonly ImportKind[] = ['members', 'history'];

function kindsOf(list: string | undefined): ImportKind[] {
  const named = (list ?? '').split(',').map((kind) => kind.trim());
  const kinds = KNOWN.filter((kind) => named.includes(kind));
  return kinds.length > 0 ? kinds : ['members'];
}

export function ImportPage({ kinds: kindList, membersPath, memberPath, plural = 'Sócios' }: ImportPageProps) {
  const core = useCore();
  const kinds = kindsOf(kindList);
  const [kind, setKind] = useState<ImportKind>(kinds[0]!);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useRef<HTMLDivElement>(null);
  const restarted = useRef(false);

  // Back to the file's step: the focus goes to its first control, not lost with the last step.
  useEffect(() => {
    if (upload || !restarted.current) return;
    restarted.current = false;
    start.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [upload]);

  async function send(file: File) {
    setError(null);
    setSending({ name: file.name, percent: 0 });
    try {
      setUpload(await uploadImport(core, kind, file, (fraction) => setSending({ name: file.name, percent: Math.round(fraction * 100) })));
    } catch (e) {
      setError(failureText(e, T.uploadFailed));
    } finally {
      setSending(null);
    }
  }

  if (upload)
    return (
      <Suspense fallback={<Loading />}>
        <Steps
          upload={upload}
          membersPath={membersPath}
          memberPath={memberPath}
          plural={plural}
          onRestart={() => {
            restarted.current = true;
            setUpload(null);
          }}
        />
      </Suspense>
    );

  return (
    <Box ref={start} data-import="">
      <ChooseFile kinds={kinds} kind={kind} busy={sending !== null} onKind={setKind} onFile={(file) => void send(file)} onRefused={setError} />
      {sending && (
        <div role="status">
          <p>{T.sending(sending.name)}</p>
          <progress aria-label={T.sending(sending.name)} value={sending.percent} max={100} />
        </div>
      )}
      {error && (
        <Notice tone="error">
          <p data-upload-error="">{error}</p>
        </Notice>
      )}
    </Box>
  );
}
