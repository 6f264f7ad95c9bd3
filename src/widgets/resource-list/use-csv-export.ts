import { useEffect, useRef, useState } from 'react';
import { isSilentFailure } from '../../core/index.js';
import { useElementEvents } from '../kit/index.js';
import { exportCsv, type ExportProgress, type ExportRequest } from './export-csv.js';

type Request = Omit<ExportRequest, 'signal' | 'onProgress'>;

/**
 * The list's CSV export: one at a time, cancellable, its progress told to the page
 * (`associa-export-progress`, which the host's toolbar shows). Leaving the list cancels it.
 */
export function useCsvExport(resource: string) {
  const dispatch = useElementEvents();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const tell = (next: ExportProgress, done: boolean) => dispatch('associa-export-progress', { resource, ...next, done });

  async function run(request: Request) {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    let last: ExportProgress = { pages: 0, total: null };
    const report = (next: ExportProgress) => {
      last = next;
      if (controller.signal.aborted) return;
      setProgress(next);
      tell(next, false);
    };
    setFailed(false);
    report(last);
    try {
      await exportCsv({ ...request, signal: controller.signal, onProgress: report });
    } catch (e) {
      if (!controller.signal.aborted && !isSilentFailure(e)) setFailed(true);
    } finally {
      running.current = null;
      setProgress(null);
      tell(last, true);
    }
  }

  return {
    progress,
    failed,
    run: (request: Request) => void run(request),
    cancel: () => running.current?.abort(),
  };
}
