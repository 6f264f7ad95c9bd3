// Every word <associa-settings-form> shows, apart from setting labels (catalogue.ts), in pt-PT.
export const SETTINGS_TEXTS = {
  save: 'Guardar',
  discard: 'Descartar alterações',
  saved: 'Configurações guardadas.',
  nothingChanged: 'Não há alterações para guardar.',
  invalid: 'Nada foi guardado. Corrija os campos assinalados.',
  wholeBetween: (min: number, max: number) => `Indique um número inteiro de ${min.toLocaleString('pt-PT')} a ${max.toLocaleString('pt-PT')}.`,
  someFailed: 'Algumas configurações não foram guardadas. Corrija os campos assinalados.',
  readOnly: 'Só um administrador pode alterar estas configurações.',
  loadFailed: 'Não foi possível carregar as configurações.',
  empty: 'Não há configurações para mostrar.',
  on: 'Ligado',
  off: 'Desligado',
} as const;
