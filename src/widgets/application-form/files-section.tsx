import { useEffect, useRef, useState } from 'react';
// The crop of the shared photo part (photo-upload.tsx), not the part itself: that one uploads at
// once, to a record that exists, and loads the core; here the application exists only once sent.
import { CENTRED, cropRect, cropToBlob, type CropView } from '../shared/photo-crop.js';
import { Field, Input } from '../kit/field.js';
import { CropFrame } from './crop-frame.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const PDF_MAX_BYTES = 10 * 1024 * 1024;

/** The photo as it will be sent: the 3:4 crop of the picture chosen, framed by the visitor, as a JPEG. */
export type PhotoChoice = () => Promise<Blob>;

interface FilesSectionProps {
  onPhoto: (photo: PhotoChoice | null) => void;
  onDocuments: (files: File[]) => void;
}

/**
 * The photo (cropped to 3:4 where the visitor frames it, previewed as it will be sent) and the
 * documents, chosen before sending: they go up once the application exists, with its upload token.
 */
export function FilesSection({ onPhoto, onDocuments }: FilesSectionProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<CropView>(CENTRED);
  // The crop is cut when the form is sent: with the frame as it is then.
  const viewNow = useRef(view);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [documentsProblem, setDocumentsProblem] = useState<string | null>(null);

  useEffect(() => {
    viewNow.current = view;
  }, [view]);

  function choosePhoto(file: File | undefined) {
    setPhotoProblem(null);
    setImage(null);
    onPhoto(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setPhotoProblem(T.notAnImage);
    if (file.size > PHOTO_MAX_BYTES) return setPhotoProblem(T.photoTooLarge);
    const picture = new Image();
    picture.onload = () => {
      setView(CENTRED);
      setImage(picture);
      onPhoto(() => cropToBlob(picture, cropRect(picture.naturalWidth, picture.naturalHeight, viewNow.current)));
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
      {image && <CropFrame image={image} view={view} onView={setView} />}
      <Field label={T.documents} hint={T.documentsHint} error={documentsProblem}>
        {(control) => <Input {...control} type="file" name="documents" accept="application/pdf" multiple onChange={(e) => chooseDocuments([...(e.target.files ?? [])])} />}
      </Field>
    </>
  );
}
