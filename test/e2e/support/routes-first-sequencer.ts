import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A spec file that walks every route of the back office (support/routes.ts): minutes, where most files take seconds. */
const walksEveryRoute = (file: string): boolean => /\bROUTES\b/.test(fs.readFileSync(file, 'utf8'));

/**
 * The end-to-end files in Vitest's order, those that walk every route first. Two workers take
 * files from one queue; on a clean clone Vitest knows no durations and starts the largest files
 * first, so the accessibility walk (a small file, over three minutes) began last and ran alone
 * at the end: 598 s for the phase, where its files' 1,000 s shared by two workers need about 500.
 */
export class RoutesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((spec) => walksEveryRoute(spec.moduleId));
    return [...first, ...sorted.filter((spec) => !first.includes(spec))];
  }
}
