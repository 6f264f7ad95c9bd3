// The few mocha globals web-test-runner provides to the browser tests (no @types/mocha
// is installed). Remove this file if @types/mocha is added.
type MochaDone = (error?: unknown) => void;
type MochaCallback = (() => void | Promise<unknown>) | ((done: MochaDone) => void);

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: MochaCallback): void;
declare function before(body: MochaCallback): void;
declare function after(body: MochaCallback): void;
declare function beforeEach(body: MochaCallback): void;
declare function afterEach(body: MochaCallback): void;
