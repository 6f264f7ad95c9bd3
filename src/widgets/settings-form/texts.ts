// Every word <associa-settings-form> shows, apart from the settings' own labels, hints and checks (the server's schema), in pt-PT.
export const SETTINGS_TEXTS = {
  save: 'Guardar',
  discard: 'Descartar alterações',
  saved: 'Configurações guardadas.',
  nothingChanged: 'Não há alterações para guardar.',
  invalid: 'Nada foi guardado. Corrija os campos assinalados.',
  someFailed: 'Algumas configurações não foram guardadas. Corrija os campos assinalados.',
  readOnly: 'Só um administrador pode alterar estas configurações.',
  loadFailed: 'Não foi possível carregar as configurações.',
  empty: 'Não há configurações para mostrar.',
  serverSet: 'Definida pelo servidor; não se altera aqui',
  unknownValue: 'Ainda não indicada pelo servidor.',
  on: 'Ligado',
  off: 'Desligado',
} as const;
