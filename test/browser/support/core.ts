import { createCore, type Core, type CoreOptions } from '../../../src/core/index.js';
import { fault, type Fault } from './fault.js';

export interface TestCore {
  core: Core;
  f: Fault;
  navigations: string[];
  reloads: number[];
}

const made: Core[] = [];

/** A core talking to a fresh namespace of the fault server; navigation and reload are recorded, not performed. */
export function testCore(options: Omit<CoreOptions, 'api'> & { f?: Fault } = {}): TestCore {
  const f = options.f ?? fault();
  const navigations: string[] = [];
  const reloads: number[] = [];
  const core = createCore({
    ownsStorage: true,
    ...options,
    api: f.api,
    env: {
      navigate: (p) => navigations.push(p),
      reload: () => reloads.push(Date.now()),
      ...options.env,
    },
  });
  made.push(core);
  return { core, f, navigations, reloads };
}

/** Stops timers and sockets of every core made so far, and empties storage. */
export function cleanup() {
  for (const core of made.splice(0)) core.dispose();
  localStorage.clear();
  sessionStorage.clear();
}
