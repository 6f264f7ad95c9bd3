/**
 * A port: what a lower domain asks of a higher one that imports it. The lower domain declares
 * the port (its shape and name) and calls it; the higher domain fills it in its module
 * definition (its index.ts, loaded by the module list before any request). So two domains that
 * need each other meet through an interface instead of importing each other in a circle, which
 * the layering test (scripts/layering.mjs) forbids. Dues declares the payment-receipts port
 * that the treasury fills; payment links declare the hand-over e-mail port that reminders fill.
 */
export interface Port<T> {
  /** Fills the port; a second filling replaces the first (one provider per port). */
  provide(provider: T): void;
  /** The provider; throws when the providing module was never loaded, a wiring error. */
  use(): T;
}

export function definePort<T>(name: string): Port<T> {
  let provider: T | undefined;
  return {
    provide(given) {
      provider = given;
    },
    use() {
      if (provider === undefined) throw new Error(`Port ${name} has no provider: is the module that fills it in src/server/modules/index.ts?`);
      return provider;
    },
  };
}
