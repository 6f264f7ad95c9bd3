import { notFound } from '../../errors.js';
import { defineTakeover } from '../../resources/takeovers.js';
import { PUBLIC_READ_DOC } from './route-docs.js';

/** Without a session every application is as if absent (404), not a 401 that says it exists. */
export const publicReadTakeover = defineTakeover({
  resource: 'member_applications',
  on: 'read',
  when: (request) => request.caller.kind === 'anonymous',
  handle: async () => {
    throw notFound();
  },
  doc: PUBLIC_READ_DOC,
});
