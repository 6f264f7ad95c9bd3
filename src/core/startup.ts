/** The steps of SPEC 4's startup order, each supplied by the caller (the host). */
export interface StartupSteps<R> {
  /** Asynchronous preparation: terminology, session checks, anything routes depend on. */
  prepare(): Promise<void> | void;
  /** Routing and state creation; its result goes to `mount`. */
  createRouting(): R;
  /** May return a promise, which startup awaits. */
  setupErrorReporting(): unknown;
  mount(routing: R): Promise<void> | void;
  connectSocket(): unknown;
}

/**
 * Runs the steps strictly in the spec's order: preparation, routing and state, error
 * reporting, mounting, socket. Error reporting comes before mounting so that errors
 * while rendering are reported; the socket last so that its first events find a mounted UI.
 */
export async function runStartup<R>(steps: StartupSteps<R>): Promise<R> {
  await steps.prepare();
  const routing = steps.createRouting();
  try {
    await steps.setupErrorReporting();
  } catch (e) {
    // Failing to load the reporter must not keep the application from starting.
    console.error(e);
  }
  await steps.mount(routing);
  steps.connectSocket();
  return routing;
}
