import { defineElement } from '../../kit/define-element.js';
import { AssemblyMinutes } from './assembly-minutes.js';

/**
 * `<associa-assembly-minutes assembly-id="4" back-path="/assembleias/:id">`: for staff, an
 * assembly's minutes: the draft generated from what the assembly recorded (attendance, quorum,
 * each item's deliberation and vote), the text edited and saved, then made final (numbered in
 * the year's book, its PDF stored with its SHA-256) and opened as a PDF.
 */
export const AssemblyMinutesElement = defineElement('associa-assembly-minutes', AssemblyMinutes, { attributes: { assemblyId: 'string', backPath: 'string' } });
