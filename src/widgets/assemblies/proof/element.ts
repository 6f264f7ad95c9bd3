import { defineElement } from '../../kit/define-element.js';
import { AssemblyProof } from './proof.js';

/**
 * `<associa-assembly-proof assembly-id="3">`: for staff, the proof of an assembly's convocation
 * (GET assemblies/{id}/convocation_proof): each associate convened with the channel, the address it
 * went to, when, and the delivery state in words; the printed batch of letters with its date; the
 * totals; and the PDF (convocation_proof.pdf). Route pattern `assembly-path`
 * ('/assembleias/:id'): the way back; absent, no link.
 */
export const AssemblyProofElement = defineElement('associa-assembly-proof', AssemblyProof, { attributes: { assemblyId: 'string', assemblyPath: 'string' } });
