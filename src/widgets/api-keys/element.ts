import { defineElement } from '../kit/index.js';
import { ApiKeys } from './api-keys.js';

/**
 * `<associa-api-keys api="…">`: the developers page's API keys (administrators). Sends
 * `associa-navigate` to '/apiSecrets/new' and '/apiSecrets/{id}'.
 */
export const ApiKeysElement = defineElement('associa-api-keys', ApiKeys, { attributes: {} });
