import { startThread } from './start-thread.js';
import type { ThreadAnswer } from './thread-main.js';

/**
 * Runs the module `name` (beside the module at `callerUrl`) in a worker thread with `input` as
 * its workerData, and answers the one value it posts back (threadMain). For synchronous work
 * long enough to hold the server's requests (better-sqlite3 has no asynchronous calls): the
 * event loop stays free while the thread works. An error thrown there is thrown here with its
 * message.
 */
export function runInThread<T>(callerUrl: string, name: string, input: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startThread(callerUrl, name, input);
    let answered = false;
    worker.once('message', (answer: ThreadAnswer<T>) => {
      answered = true;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.value);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The thread ${name} ended (code ${code}) without an answer.`));
    });
  });
}
