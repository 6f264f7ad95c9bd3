import { defineResource } from '../../resources/define.js';
import { READ_ONLY_FOR_STAFF } from './attendance.js';

export const BALLOT_CHOICES = [
  { value: 'for', label: 'A favor' },
  { value: 'against', label: 'Contra' },
  { value: 'abstain', label: 'Abstenção' },
] as const;

/**
 * One associate's vote on an item, from a scanned card (never for a secret vote, which keeps
 * totals only). Unique per item and associate: each is counted once. Written by the cast action.
 */
export const assemblyBallots = defineResource({
  name: 'assembly_ballots',
  label: 'Votos',
  labelSingular: 'Voto',
  defaultSort: '-at',
  access: READ_ONLY_FOR_STAFF,
  fields: [
    { name: 'item', type: 'reference', ref: 'assembly_items', label: 'Ponto', readOnly: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Associado', readOnly: true, filterable: true },
    { name: 'choice', type: 'enum', label: 'Voto', options: BALLOT_CHOICES, readOnly: true, filterable: true },
    { name: 'cast_by', type: 'reference', ref: 'members', label: 'Votou por ele', readOnly: true },
    { name: 'at', type: 'datetime', label: 'Hora', readOnly: true, sortable: true },
  ],
});
