import type { Core } from '../../core/index.js';
import { useSignalValue } from '../kit/index.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

/** The association's word for a member, singular and plural (its default until terminology loads). */
export function useMemberWords(core: Core): { singular: string; plural: string } {
  const terminology = useSignalValue(core.terminology.terminology);
  return { singular: terminology?.memberSingular ?? T.defaultSingular, plural: terminology?.memberPlural ?? T.defaultPlural };
}
