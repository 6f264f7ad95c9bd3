// Types of record-types.mjs, for the test that keeps src/core/records.ts up to date.
export declare const RECORD_TYPES_FILE: string;
export declare function recordTypesSource(): string;
/** A resource's record type name: its name in the singular, in PascalCase. */
export declare function typeName(resource: string): string;
