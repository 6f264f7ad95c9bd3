// The backups' settings, on the data page (Configuração › Dados).
import type { SettingDeclaration } from '../../settings/declaration.js';
import { backupDirectory } from './directory.js';

export const BACKUP_SETTINGS = [
  {
    name: 'backupTime', kind: 'text', label: 'Hora da cópia de segurança diária',
    hint: 'Hora de Lisboa, no formato HH:MM. O servidor faz uma cópia por dia, com o servidor a funcionar.',
    pattern: '([01]\\d|2[0-3]):[0-5]\\d', patternMessage: 'Indique a hora no formato HH:MM, por exemplo 03:30.',
    required: true, default: '03:30', page: 'data', readers: 'authenticated',
  },
  {
    name: 'backupKeepDaily', kind: 'integer', label: 'Cópias diárias a guardar',
    hint: 'As cópias dos últimos dias (uma por dia) que ficam guardadas; as mais antigas são apagadas, exceto as semanais.',
    min: 1, max: 365, default: '7', page: 'data', readers: 'authenticated',
  },
  {
    name: 'backupKeepWeekly', kind: 'integer', label: 'Cópias semanais a guardar',
    hint: 'Das semanas anteriores, fica guardada uma cópia por semana (a mais recente de cada), até este número de semanas. 0: nenhuma.',
    min: 0, max: 520, default: '4', page: 'data', readers: 'authenticated',
  },
  {
    // Where backups go is the server's configuration: a setting any admin could point at any directory the server may write.
    name: 'backupDir', kind: 'text', label: 'Pasta das cópias de segurança',
    hint: 'Onde o servidor guarda as cópias de segurança. Copie-as regularmente para outro local (outro disco ou outro computador).',
    default: '', page: 'data', readers: 'authenticated', readOnly: true,
    changedIn: 'muda-se na variável de ambiente ASSOCIA_BACKUP_DIR do servidor (por omissão, a pasta backups dentro de ASSOCIA_DATA).',
    serverValue: (config) => backupDirectory(config),
  },
] as const satisfies readonly SettingDeclaration[];
