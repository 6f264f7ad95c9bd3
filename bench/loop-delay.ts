// The event loop's worst delay inside the bench's server. This file is loaded twice: by the
// bench, for the helpers below, and into the server process itself (`node --import` before its
// main, see server.ts), where it measures with perf_hooks.monitorEventLoopDelay and answers over
// the IPC channel the bench opened. Nothing of the application changes: the probe is the bench's.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';

/** Set in the server's environment by the bench: the probe starts only there. */
export const LOOP_DELAY_ENV = 'ASSOCIA_BENCH_LOOP_DELAY';

/** The sampling period (ms): a block shorter than this can go unseen, any longer one is seen whole. */
const RESOLUTION_MS = 5;

/** What the server's loop went through since the last reset, in ms. */
export interface LoopDelay {
  /** The longest the loop was held: the longest any request could have waited behind other work. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

type Ask = { probe: 'loop-delay'; id: number; op: 'reset' | 'read' };
type Reply = { probe: 'loop-delay'; id: number; delay?: LoopDelay };

const isAsk = (message: unknown): message is Ask => typeof message === 'object' && message !== null && (message as Ask).probe === 'loop-delay';

/** Inside the server: the histogram, reset and read on the bench's request. */
function startProbe(): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram counts from the timer's due time: the resolution itself is no delay.
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  process.on('message', (message: unknown) => {
    if (!isAsk(message)) return;
    const reply: Reply = { probe: 'loop-delay', id: message.id };
    if (message.op === 'read') reply.delay = { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean) };
    else histogram.reset();
    process.send?.(reply);
  });
  // The channel must not keep the server alive once it closes; adding the listener above refs it on the next tick.
  setImmediate(() => process.channel?.unref());
}

if (process.env[LOOP_DELAY_ENV] === '1' && process.send) startProbe();

/** In the bench: asks the server's probe over the child's IPC channel. */
export function loopDelayOf(child: ChildProcess) {
  let next = 0;
  const ask = (op: Ask['op']) =>
    new Promise<Reply>((resolve, reject) => {
      const id = (next += 1);
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error('the server did not answer the loop-delay probe within 5 s'));
      }, 5000);
      const onMessage = (message: unknown) => {
        const reply = message as Reply;
        if (reply?.probe !== 'loop-delay' || reply.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(reply);
      };
      child.on('message', onMessage);
      child.send({ probe: 'loop-delay', id, op } satisfies Ask);
    });
  return {
    /** Starts a row's measurement afresh. */
    async reset(): Promise<void> {
      await ask('reset');
    },
    /** The delays since the last reset. */
    async read(): Promise<LoopDelay> {
      const reply = await ask('read');
      if (!reply.delay) throw new Error('the loop-delay probe answered without a measurement');
      return reply.delay;
    },
  };
}

export type LoopDelayProbe = ReturnType<typeof loopDelayOf>;

/** "12.3" for a table cell; "-" when the row was not measured. */
export const loopDelayCell = (delay: LoopDelay | undefined): string => (delay ? delay.maxMs.toFixed(1) : '-');
