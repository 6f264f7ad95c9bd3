import type { ModuleSwitch } from '../define-module.js';

/**
 * The treasury and donations modules are on only while setting hasTreasury is 'true': until
 * then their routes answer 404 and the explainer leaves their resources out (module-switch.ts).
 */
export const TREASURY_SWITCH: ModuleSwitch = {
  setting: 'hasTreasury',
  offMessage: 'A tesouraria não está ativa. Pode ativá-la na configuração da tesouraria.',
};
