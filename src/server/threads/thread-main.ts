import { parentPort, workerData } from 'node:worker_threads';

/** What a thread posts back: its value, or its error's message (an error object crosses threads without it). */
export type ThreadAnswer<T> = { value: T } | { error: string };

/** The body of a thread runInThread starts: `work` of its input, posted back. */
export function threadMain<I, O>(work: (input: I) => O): void {
  let answer: ThreadAnswer<O>;
  try {
    answer = { value: work(workerData as I) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
}
