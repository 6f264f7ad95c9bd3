import { describe, expect, it } from 'vitest';
import { RESOURCE, ROLE_LABELS, ROLES } from '../../src/core/contract.js';
import { resourceByName } from './support/app-registry.js';

describe('the names the contract gives the browser', () => {
  it('name resources the server registers, for every one the browser asks for without consulting the explainer', () => {
    // The others (applications, cards, treasury...) are asked for only where the explainer names them.
    const askedAlways = [RESOURCE.members, RESOURCE.memberStates, RESOURCE.countries, RESOURCE.users, RESOURCE.apiSecrets, RESOURCE.settings, RESOURCE.messages, RESOURCE.auditLog];
    expect(askedAlways.filter((name) => !resourceByName(name))).toEqual([]);
  });

  it('label every role the users resource offers, with the words its form shows', () => {
    const role = resourceByName(RESOURCE.users)?.fields.find((field) => field.name === 'role');
    expect(role?.options?.map((option) => option.value)).toEqual([...ROLES]);
    expect(role?.options?.map((option) => option.label)).toEqual(ROLES.map((name) => ROLE_LABELS[name]));
  });
});
