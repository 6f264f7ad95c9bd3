import { defineElement } from '../../kit/define-element.js';
import { AcceptSelected } from './accept-selected.js';

/**
 * `<associa-application-accept-selected>`: for staff, beside a list of applications
 * (`<associa-resource-list resource="member_applications" selectable="true">` on the same page):
 * 'Aceitar N candidaturas' for the rows picked there (its `associa-selection` events; "every
 * match" picks none), each accepted in its own transaction (POST member_applications/accept_many),
 * then how many were accepted and each refusal with the server's reason.
 */
export const AcceptSelectedElement = defineElement('associa-application-accept-selected', AcceptSelected, { attributes: {} });
