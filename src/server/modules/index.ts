import type { Module } from './define-module.js';
import { installSettings } from '../settings/catalogue.js';
import { applicationsModule } from './applications/index.js';
import { assembliesModule } from './assemblies/index.js';
import { backupsModule } from './backups/index.js';
import { cardsModule } from './cards/index.js';
import { dataExportModule } from './data-export/index.js';
import { directDebitModule } from './direct-debit/index.js';
import { collectingModule } from './collecting/index.js';
import { duesModule } from './dues/index.js';
import { importsModule } from './imports/index.js';
import { memberFilesModule } from './member-files/index.js';
import { membersModule } from './members/index.js';
import { messagesModule } from './messages/index.js';
import { overviewModule } from './overview/index.js';
import { paymentLinksModule } from './payment-links/index.js';
import { privacyModule } from './privacy/index.js';
import { referenceModule } from './reference/index.js';
import { reportsModule } from './reports/index.js';
import { remindersModule } from './reminders/index.js';
import { listsModule } from './lists/index.js';
import { settingsModule } from './settings/index.js';
import { setupModule } from './setup/index.js';
import { treasuryModule } from './treasury/index.js';
import { donationsModule } from './treasury/donations/index.js';
import { usersModule } from './users/index.js';

/**
 * Every module the application serves, in the order the explainer and OpenAPI list their
 * resources. The one place the list is written: buildApp passes it to the engine.
 */
export const appModules = [membersModule, referenceModule, usersModule, listsModule, settingsModule, messagesModule, duesModule, collectingModule, directDebitModule, remindersModule, paymentLinksModule, cardsModule, assembliesModule, applicationsModule, memberFilesModule, treasuryModule, donationsModule, reportsModule, overviewModule, dataExportModule, backupsModule, setupModule, importsModule, privacyModule] as const satisfies readonly Module[];

// The settings catalogue is the modules' own settings, in this order.
installSettings(appModules);
