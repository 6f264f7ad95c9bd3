// Loaded into web-test-runner by `npm test` (scripts/test.mjs, through NODE_OPTIONS). Twice it
// stopped a few test files in with exit code 1 and printed nothing (stops 50 and 55). Its runner
// stops early when something calls its stop(): a signal, a key on a terminal, or its own handler
// of an uncaught exception, which prints the error through console, where web-test-runner buffers
// output for its terminal: a process that then exits at once never prints it. This writes what
// it sees straight to stderr, on lines that start with WITNESS: a signal received, an uncaught
// exception, a stop() before every file has finished with the stack that called it, and a
// failing process.exit that did not come through the runner's stop().
'use strict';

const fs = require('node:fs');

const WITNESS = '[why-wtr-stopped]';
let runnerStopped = false;

// Straight to the descriptor: web-test-runner buffers what goes through console for its own
// terminal, and a process that ends at once never prints that buffer.
const say = (text) => fs.writeSync(2, `${WITNESS} ${text}\n`);

// web-test-runner listens to SIGINT itself: one more listener changes nothing.
process.prependListener('SIGINT', () => say(`SIGINT received by process ${process.pid}`));
// Nobody else may listen to these (the browser launcher does once it runs): alone, the witness
// steps aside and sends the signal again, so that it ends the process as it would have.
for (const signal of ['SIGTERM', 'SIGHUP']) {
  const witness = () => {
    say(`${signal} received by process ${process.pid}`);
    if (process.listenerCount(signal) === 1) {
      process.removeListener(signal, witness);
      process.kill(process.pid, signal);
    }
  };
  process.prependListener(signal, witness);
}

// web-test-runner stops on an uncaught exception (a promise rejected unheard is one too) and
// prints it through console: buffered, it is lost when the process then exits with code 1.
const uncaught = (error, origin) => {
  say(`${origin}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  // Alone (before web-test-runner listens), the process ends as it would have without a listener.
  if (process.listenerCount('uncaughtException') === 1) process.exit(1);
};
process.prependListener('uncaughtException', uncaught);

try {
  const { TestRunner, SESSION_STATUS } = require('@web/test-runner-core');
  const stop = TestRunner.prototype.stop;
  TestRunner.prototype.stop = function (error) {
    const unfinished = [...this.sessions.all()].filter((session) => session.status !== SESSION_STATUS.FINISHED).length;
    if (!runnerStopped && error === undefined && unfinished > 0) {
      say(`the runner was stopped with ${unfinished} test files unfinished, from:\n${new Error().stack}`);
    }
    runnerStopped = true;
    return stop.call(this, error);
  };
} catch (error) {
  say(`cannot watch web-test-runner's runner: ${error instanceof Error ? error.message : String(error)}`);
}

const exit = process.exit;
process.exit = function (code) {
  const failing = code ?? process.exitCode;
  if (!runnerStopped && failing !== undefined && failing !== 0) say(`process.exit(${failing}) called, not by the runner's end, from:\n${new Error().stack}`);
  return exit.call(process, code);
};
