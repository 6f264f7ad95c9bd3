import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { RESOURCE, type ExplainerField } from '../../core/index.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { Field, space } from '../kit/index.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  flex-wrap: wrap;
`;

const Thumbnail = styled.img`
  max-width: 6rem;
  max-height: 6rem;
  object-fit: cover;
`;

interface UploadedFile {
  _id: number;
  originalName: string;
}

export interface FileControlProps {
  field: ExplainerField;
  /** The file's _id as text ('' for none). */
  value: string;
  editable: boolean;
  error: string | undefined;
  onChange(value: string): void;
}

/**
 * A file or image field: what it holds (a thumbnail for images, a link otherwise, both through
 * a short-lived signed address) and a chooser that uploads at once (POST /api/files) and keeps
 * the new file's id; the record's save gives the file to the field.
 */
export function FileControl({ field, value, editable, error, onChange }: FileControlProps) {
  const core = useCore();
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const [name, setName] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    setUrl(null);
    if (id === null) return undefined;
    let live = true;
    core.http.get<{ url: string }>(`files/${id}/url`).then(
      (response) => live && setUrl(response.data?.url ?? null),
      // Without an address the file is still named; the link simply does not open.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [core, id]);

  async function upload(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setProblem(undefined);
    try {
      const response = await core.http.upload<{ data: UploadedFile }>(field.type === 'image' ? `${RESOURCE.files}?kind=image` : RESOURCE.files, form);
      const uploaded = response.data.data;
      setName(uploaded.originalName);
      onChange(String(uploaded._id));
    } catch (e) {
      setProblem(describeFailure(e, RESOURCE_TEXTS.uploadFailed));
    } finally {
      setBusy(false);
    }
  }

  const label = name ?? (id === null ? '' : `${RESOURCE_TEXTS.fileNumber} ${id}`);
  return (
    <Field label={field.label} error={error ?? problem} required={field.validation.required && editable}>
      {(control) => (
        <Row data-field={field.name}>
          {id !== null && field.type === 'image' && url && <Thumbnail src={url} alt={label} />}
          {id !== null && (url ? <a href={url} target="_blank" rel="noopener noreferrer">{label}</a> : <span>{label}</span>)}
          {editable && (
            <input
              {...control}
              type="file"
              name={field.name}
              accept={field.type === 'image' ? 'image/jpeg,image/png,image/webp' : undefined}
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          )}
          {busy && <span role="status">{RESOURCE_TEXTS.uploading}</span>}
        </Row>
      )}
    </Field>
  );
}
