// The upload calls of SPEC 7 (photos, pdf documents) without signals: the core wraps them with
// its progress signal (uploads.ts); a public element (the application form) uses them as they
// are, with its own state, and so stays out of the core's chunk.
import type { ApiRecord, ItemResponse } from './contract.js';
import { ApiError, coreError } from './api-error.js';
import type { Http } from './http.js';
import { MESSAGES } from './texts.js';

export type PhotoKind = 'member_photos' | 'member_application_photos';

export interface UploadCalls {
  /** POST member_photos (multipart): the photo of member `memberId`. */
  uploadMemberPhoto(memberId: string | number, file: Blob, fileName?: string): Promise<ApiRecord>;
  uploadApplicationPhoto(applicationId: string | number, file: Blob, fileName?: string): Promise<ApiRecord>;
  /** POST pdf_documents (multipart), one request per file; progress is the average over files. */
  uploadPdfDocuments(files: readonly Blob[], fields?: Record<string, string>): Promise<ApiRecord[]>;
  /** GET {res}/{id}/member_photos or /member_application_photos. */
  photos(kind: PhotoKind, parent: string, parentId: string | number): Promise<ApiRecord[]>;
  deletePhoto(kind: PhotoKind, id: string | number): Promise<void>;
  deletePdfDocument(id: string | number): Promise<void>;
}

/** Average of per-file fractions, as a whole percentage (SPEC 4). */
export function averagePercent(fractions: readonly number[]): number {
  if (fractions.length === 0) return 0;
  const sum = fractions.reduce((a, b) => a + Math.min(1, Math.max(0, b)), 0);
  return Math.round((sum / fractions.length) * 100);
}

function nameOf(file: Blob, fallback: string): string {
  return typeof File !== 'undefined' && file instanceof File ? file.name : fallback;
}

/** The calls over `http`; `setProgress` hears 0..100 while an upload runs, then null. */
export function createUploadCalls(http: Pick<Http, 'get' | 'delete' | 'upload'>, setProgress: (percent: number | null) => void): UploadCalls {
  async function uploadOne(path: string, form: FormData, message: string, onProgress: (f: number) => void): Promise<ApiRecord> {
    try {
      const res = await http.upload<ItemResponse>(path, form, onProgress);
      return res.data?.data;
    } catch (e) {
      if (e instanceof ApiError && e.silent) throw e;
      throw coreError(message, e);
    }
  }

  async function photo(kind: PhotoKind, idField: string, id: string | number, file: Blob, fileName: string | undefined, message: string) {
    const form = new FormData();
    form.append(idField, String(id));
    form.append('file', file, fileName ?? nameOf(file, 'photo'));
    setProgress(0);
    try {
      return await uploadOne(kind, form, message, (f) => {
        setProgress(averagePercent([f]));
      });
    } finally {
      setProgress(null);
    }
  }

  async function remove(path: string) {
    try {
      await http.delete(path);
    } catch (e) {
      if (e instanceof ApiError && e.silent) throw e;
      throw coreError(MESSAGES.failedToDelete, e);
    }
  }

  return {
    uploadMemberPhoto: (memberId, file, fileName) =>
      photo('member_photos', 'memberID', memberId, file, fileName, MESSAGES.memberPhotoUploadFailed),
    uploadApplicationPhoto: (applicationId, file, fileName) =>
      photo('member_application_photos', 'memberApplicationID', applicationId, file, fileName, MESSAGES.memberApplicationPhotoUploadFailed),
    async uploadPdfDocuments(files, fields = {}) {
      const fractions = files.map(() => 0);
      setProgress(0);
      try {
        return await Promise.all(
          files.map((file, i) => {
            const form = new FormData();
            for (const [name, value] of Object.entries(fields)) form.append(name, value);
            form.append('file', file, nameOf(file, `document-${i + 1}.pdf`));
            return uploadOne('pdf_documents', form, MESSAGES.pdfDocumentUploadFailed, (f) => {
              fractions[i] = f;
              setProgress(averagePercent(fractions));
            });
          }),
        );
      } finally {
        setProgress(null);
      }
    },
    async photos(kind, parent, parentId) {
      if (parentId === undefined || parentId === null || parentId === '') throw coreError(MESSAGES.missingId);
      try {
        const res = await http.get<{ data: ApiRecord[] }>(`${parent}/${encodeURIComponent(String(parentId))}/${kind}`);
        return Array.isArray(res.data?.data) ? res.data.data : [];
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return [];
        if (e instanceof ApiError && e.silent) throw e;
        throw coreError(MESSAGES.couldNotReadItem, e);
      }
    },
    deletePhoto: (kind, id) => remove(`${kind}/${encodeURIComponent(String(id))}`),
    deletePdfDocument: (id) => remove(`pdf_documents/${encodeURIComponent(String(id))}`),
  };
}
