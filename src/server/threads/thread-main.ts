import { parentPort, workerData } from 'node:worker_threads';

/** What a thread posts back: its value, or its error's message (an error object crosses threads without it). */
export type ThreadAnswer<T> = { value: T } | { error: string };

/** The body of a thread runInThread starts: `work` of its input (awaited, when it answers a promise), posted back. */
export function threadMain<I, O>(work: (input: I) => O | Promise<O>): void {
  const post = (answer: ThreadAnswer<O>) => parentPort!.postMessage(answer);
  const failed = (error: unknown) => post({ error: error instanceof Error ? error.message : String(error) });
  try {
    const value = work(workerData as I);
    if (value instanceof Promise) value.then((settled) => post({ value: settled }), failed);
    else post({ value });
  } catch (error) {
    failed(error);
  }
}
