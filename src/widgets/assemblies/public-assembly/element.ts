// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { PublicAssembly } from './public-assembly.js';

/**
 * `<associa-assembly api="https://associa.example.org/api">`: the association's next convened
 * general assembly, for its own website, without login: title, kind, date, time, place (or the
 * online meeting's address) and the agenda. Says 'Não há assembleias convocadas.' when there is
 * none, and when requests come too fast (429).
 */
export const PublicAssemblyElement = defineElement('associa-assembly', PublicAssembly, { attributes: {} });
