// Words the user sees (pt-PT, quoted from docs/requirements.md) and the error messages the spec names.

export const TEXTS = Object.freeze({
  reconnected: 'Contacto Reestabelicido',
  connecting: 'A ligar...',
  serverLost: 'Perdido o contacto com o servidor',
  offline: 'Ligação à internet perdida. Verifique a ligação do seu dispositivo.',
  testMode: 'Aplicação em modo de testes. Toda a informação é fictícia.',
  loading: 'A carregar',
});

/** Global error codes set by login; the UI translates them. */
export type GlobalError = 'wrongCredentials' | 'accountNotFound';

export const MESSAGES = Object.freeze({
  memberPhotoUploadFailed: 'Member photo upload failed',
  memberApplicationPhotoUploadFailed: 'Member application photo upload failed',
  pdfDocumentUploadFailed: 'Pdf document upload failed',
  failedToDelete: 'failed to delete',
  couldNotReadItem: 'Could not read item',
  notEnoughData: 'Not Enough Data',
  missingId: 'missing id',
});
