import { MESSAGES } from '../../core/texts.js';
import { describeFailure } from '../feature-kit/server-message.js';

// Every word the photo and document uploads show, in pt-PT.
export const UPLOAD_TEXTS = {
  photo: 'Fotografia',
  choosePhoto: 'Escolher fotografia',
  photoHint: 'JPEG, PNG ou WEBP, até 8 MB. Ajuste o enquadramento (3:4) antes de enviar.',
  noPhoto: 'Sem fotografia.',
  currentPhoto: 'Fotografia atual',
  preview: 'Pré-visualização do recorte da fotografia',
  zoom: 'Ampliação',
  horizontal: 'Posição horizontal',
  vertical: 'Posição vertical',
  sendPhoto: 'Enviar fotografia',
  cancel: 'Cancelar',
  removePhoto: 'Apagar fotografia',
  photoSent: 'Fotografia enviada.',
  notAnImage: 'Escolha uma imagem JPEG, PNG ou WEBP.',
  photoTooLarge: 'A fotografia é demasiado grande: o máximo são 8 MB.',
  unreadableImage: 'Não foi possível ler esta imagem. Escolha outra.',
  documents: 'Documentos (PDF)',
  chooseDocuments: 'Escolher documentos PDF',
  documentsHint: 'Só PDF, até 10 MB cada.',
  noDocuments: 'Sem documentos.',
  notAPdf: (name: string) => `«${name}» não é um PDF.`,
  documentTooLarge: (name: string) => `«${name}» é demasiado grande: o máximo são 10 MB.`,
  removeDocument: (name: string) => `Apagar ${name}`,
  documentsSent: (count: number) => (count === 1 ? '1 documento enviado.' : `${count} documentos enviados.`),
  progress: 'Progresso do envio',
  uploading: (percent: number) => `A enviar… ${percent}%`,
} as const;

/** The spec's failure messages (src/core/texts.ts MESSAGES) as users read them. */
const FAILURES: Record<string, string> = {
  [MESSAGES.memberPhotoUploadFailed]: 'Não foi possível enviar a fotografia do sócio.',
  [MESSAGES.memberApplicationPhotoUploadFailed]: 'Não foi possível enviar a fotografia da candidatura.',
  [MESSAGES.pdfDocumentUploadFailed]: 'Não foi possível enviar o documento PDF.',
  [MESSAGES.failedToDelete]: 'Não foi possível apagar.',
  [MESSAGES.couldNotReadItem]: 'Não foi possível ler os dados.',
};

/**
 * What to tell the user about a failed upload, list or delete: the server's own pt-PT reason
 * when it gave one (too large, not a PDF...), else the spec's message for the call, in pt-PT.
 */
export function uploadFailureText(error: unknown): string {
  const own = error instanceof Error ? FAILURES[error.message] : undefined;
  return describeFailure(error, own);
}
