import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, space, token } from '../kit/index.js';
import { UploadProgress } from './upload-progress.js';
import { uploadFailureText, UPLOAD_TEXTS as T } from './upload-texts.js';

const MAX_BYTES = 10 * 1024 * 1024;

const Box = styled.section`
  display: grid;
  gap: ${space(1)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: ${space(2)};
  }
  li {
    display: flex;
    gap: ${space(1)};
    align-items: center;
    flex-wrap: wrap;
  }
`;
const Hint = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;
const Problem = styled.p`
  margin: 0;
  color: ${token('color-danger')};
`;
const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${token('color-primary')};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;
`;

export interface DocumentItem {
  _id: number;
  originalName: string;
}

export interface DocumentUploadProps {
  documents: readonly DocumentItem[];
  /** Sends the chosen PDFs (the core's `uploads.uploadPdfDocuments`, one request each); rejects with the call's error. */
  upload(files: File[]): Promise<unknown>;
  /** 0..100 while the upload runs (the average over the files), else null. */
  progress: number | null;
  /** Opens a document; without it the names are plain text. */
  open?: (document: DocumentItem) => void;
  /** Deletes a document; without it there are no delete buttons. */
  remove?: (document: DocumentItem) => Promise<unknown>;
  heading?: string;
}

/** A member's or an application's PDF documents: the list, adding some (checked here first: PDF, 10 MB), deleting one. */
export function DocumentUpload({ documents, upload, progress, open, remove, heading = T.documents }: DocumentUploadProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    setProblem(null);
    setDone(null);
    if (files.length === 0) return;
    const wrong = files.find((file) => file.type !== 'application/pdf');
    const big = files.find((file) => file.size > MAX_BYTES);
    if (wrong || big) {
      input.value = '';
      return setProblem(wrong ? T.notAPdf(wrong.name) : T.documentTooLarge(big!.name));
    }
    setBusy(true);
    try {
      await upload(files);
      setDone(T.documentsSent(files.length));
    } catch (error) {
      setProblem(uploadFailureText(error));
    } finally {
      input.value = '';
      setBusy(false);
    }
  }

  async function removeOne(document: DocumentItem) {
    setProblem(null);
    try {
      await remove?.(document);
    } catch (error) {
      setProblem(uploadFailureText(error));
    }
  }

  return (
    <Box aria-labelledby={`${id}-heading`} data-document-upload>
      <h3 id={`${id}-heading`}>{heading}</h3>
      {documents.length === 0 ? (
        <Hint>{T.noDocuments}</Hint>
      ) : (
        <ul>
          {documents.map((document) => (
            <li key={document._id} data-document={document._id}>
              {open ? <LinkButton type="button" onClick={() => open(document)}>{document.originalName}</LinkButton> : <span>{document.originalName}</span>}
              {remove && (
                <Button type="button" variant="secondary" aria-label={T.removeDocument(document.originalName)} onClick={() => void removeOne(document)}>
                  ✕
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-file`}>{T.chooseDocuments}</label>
      <input id={`${id}-file`} type="file" accept="application/pdf" multiple disabled={busy} aria-describedby={`${id}-hint`} onChange={(e) => void choose(e.currentTarget)} />
      <Hint id={`${id}-hint`}>{T.documentsHint}</Hint>
      <UploadProgress percent={busy ? progress : null} />
      {problem && <Problem role="alert">{problem}</Problem>}
      {done && <p role="status">{done}</p>}
    </Box>
  );
}
