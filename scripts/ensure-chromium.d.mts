// Types of ensure-chromium.mjs, for the TypeScript test harnesses that import it.
export declare const CHROMIUM_ARGS: readonly string[];
export declare function findChromium(): string | null;
export declare function ensureChromium(): string;
