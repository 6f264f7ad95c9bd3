import { defineElement } from '../../kit/define-element.js';
import { AssemblyManager } from './manager.js';

/**
 * `<associa-assembly-manager assembly-id="3">`: for staff, under an assembly's form, its status in
 * words, its agenda (items added, changed, put in order and deleted while it is in preparation;
 * each item's vote and result after) and its convocation (the last valid day, how many e-mails and
 * letters, the notice, the send button; once sent, the letters' PDF and the proof). Route
 * patterns: `session-path` ('/assembleias/:id/sessao'), `minutes-path` ('/assembleias/:id/ata'),
 * `proof-path` ('/assembleias/:id/prova'); a link whose path is absent is not shown.
 */
export const AssemblyManagerElement = defineElement('associa-assembly-manager', AssemblyManager, {
  attributes: { assemblyId: 'string', sessionPath: 'string', minutesPath: 'string', proofPath: 'string' },
});
