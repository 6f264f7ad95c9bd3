// The audit trail: every audit entry, newest first, with the list's filters (administrators only).
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, ROLE } from '../../core/index.js';

export const AUDIT_MODULE = defineClientModule({
  name: 'audit',
  routes: () => [{ name: 'auditLog', path: '/auditoria', title: 'Auditoria', access: [ROLE.admin], settings: true, page: { parts: [{ list: RESOURCE.auditLog }] } }],
  settings: [{ order: 90, route: 'auditLog', label: 'Auditoria' }],
});
