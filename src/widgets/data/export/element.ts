import { defineElement } from '../../kit/define-element.js';
import { DataExport } from './data-export.js';

/**
 * `<associa-data-export>`: for administrators, *Exportar tudo* (decision 0047): starts the whole
 * export (POST data_exports), shows its job's progress, then a button that downloads the zip
 * (every resource as CSV and JSON, the stored files, manifest.json); below, the last exports
 * (GET data_exports), each downloadable. No attributes besides `api`.
 */
export const DataExportElement = defineElement('associa-data-export', DataExport, { attributes: {} });
