import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Http } from './http.js';
import { createUploadCalls, type UploadCalls } from './upload-calls.js';

export { averagePercent, type PhotoKind } from './upload-calls.js';

export interface Uploads extends UploadCalls {
  /** 0..100 while an upload runs, null otherwise. */
  progress: ReadonlySignal<number | null>;
}

export function createUploads(http: Http): Uploads {
  const progress = signal<number | null>(null);
  return {
    progress,
    ...createUploadCalls(http, (percent) => {
      progress.value = percent;
    }),
  };
}
