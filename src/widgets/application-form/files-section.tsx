import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
// The crop of the shared photo part (photo-upload.tsx), not the part itself: that one uploads at
// once, to a record that exists, and loads the core; here the application exists only once sent.
import { CENTRED, cropRect, cropToBlob, drawCrop } from '../shared/photo-crop.js';
import { Field, Input } from '../kit/field.js';
import { token } from '../kit/tokens.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const PDF_MAX_BYTES = 10 * 1024 * 1024;

const Preview = styled.canvas`
  width: 120px;
  height: 160px;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/** The photo as it will be sent: the centred 3:4 crop of the picture chosen, as a JPEG. */
export type PhotoChoice = () => Promise<Blob>;

interface FilesSectionProps {
  onPhoto: (photo: PhotoChoice | null) => void;
  onDocuments: (files: File[]) => void;
}

/**
 * The photo (cropped to 3:4, previewed as it will be sent) and the documents, chosen before
 * sending: they go up once the application exists, with its upload token.
 */
export function FilesSection({ onPhoto, onDocuments }: FilesSectionProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [documentsProblem, setDocumentsProblem] = useState<string | null>(null);

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, cropRect(image.naturalWidth, image.naturalHeight, CENTRED), { width: 240, height: 320 });
  }, [image]);

  function choosePhoto(file: File | undefined) {
    setPhotoProblem(null);
    setImage(null);
    onPhoto(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setPhotoProblem(T.notAnImage);
    if (file.size > PHOTO_MAX_BYTES) return setPhotoProblem(T.photoTooLarge);
    const picture = new Image();
    picture.onload = () => {
      setImage(picture);
      onPhoto(() => cropToBlob(picture, cropRect(picture.naturalWidth, picture.naturalHeight, CENTRED)));
    };
    picture.onerror = () => setPhotoProblem(T.unreadableImage);
    picture.src = URL.createObjectURL(file);
  }

  function chooseDocuments(files: File[]) {
    const wrong = files.find((f) => f.type !== 'application/pdf' || f.size > PDF_MAX_BYTES);
    setDocumentsProblem(wrong ? T.badDocument(wrong.name) : null);
    onDocuments(wrong ? [] : files);
  }

  return (
    <>
      <Field label={T.photo} hint={T.photoHint} error={photoProblem}>
        {(control) => <Input {...control} type="file" name="photo" accept={IMAGE_TYPES.join(',')} onChange={(e) => choosePhoto(e.target.files?.[0])} />}
      </Field>
      {image && <Preview ref={canvas} role="img" aria-label={T.photoPreview} data-photo-preview />}
      <Field label={T.documents} hint={T.documentsHint} error={documentsProblem}>
        {(control) => <Input {...control} type="file" name="documents" accept="application/pdf" multiple onChange={(e) => chooseDocuments([...(e.target.files ?? [])])} />}
      </Field>
    </>
  );
}
