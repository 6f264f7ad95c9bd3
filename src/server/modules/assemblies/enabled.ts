import type { ModuleSwitch } from '../define-module.js';

/** The assemblies module's switch (typed apart: the setting's name is typed from the modules). */
export const ASSEMBLIES_SWITCH: ModuleSwitch = {
  setting: 'hasAssemblies',
  offMessage: 'O módulo de assembleias está desligado. Ative-o em Configuração › Assembleias.',
};
