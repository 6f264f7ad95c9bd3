/**
 * What each use of a file accepts, by the type read from its bytes. Images are re-encoded
 * before they are stored (image.ts); documents are stored as sent.
 */
export const FILE_KINDS = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  document: ['application/pdf'],
  // Statements of received payments (collecting/reconciliation): text, recognised as UTF-8 without NUL.
  statement: ['text/csv'],
  // The organisation's logo (setup/logo-routes.ts): only what pdfkit draws on a letterhead.
  logo: ['image/png', 'image/jpeg'],
} as const satisfies Record<string, readonly string[]>;

export type FileKind = keyof typeof FILE_KINDS;
export type ImageType = (typeof FILE_KINDS.image)[number];

export const isFileKind = (value: unknown): value is FileKind => typeof value === 'string' && Object.hasOwn(FILE_KINDS, value);

export const isImageType = (type: string): type is ImageType => (FILE_KINDS.image as readonly string[]).includes(type);

/** The types a use accepts; without a use, any image or document (a statement is asked for by name). */
export const acceptedTypes = (kind: FileKind | undefined): readonly string[] =>
  kind ? FILE_KINDS[kind] : [...FILE_KINDS.image, ...FILE_KINDS.document];

/** Names of the accepted formats, for messages: "JPEG, PNG, WEBP". */
export const formatNames = (types: readonly string[]): string => types.map((type) => type.split('/')[1]!.toUpperCase()).join(', ');
