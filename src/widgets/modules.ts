// The client modules, in the order their routes are listed: the one place a domain is added on the client.
import { ACCOUNT_MODULE } from './account/module.js';
import { APPLICATIONS_MODULE } from './applications/module.js';
import { ASSEMBLIES_MODULE } from './assemblies/module.js';
import { AUDIT_MODULE } from './audit/module.js';
import { CARDS_MODULE } from './cards/module.js';
import { COLLECTING_MODULE } from './collecting/module.js';
import { DATA_MODULE } from './data/module.js';
import { DUES_MODULE } from './dues/module.js';
import { HOME_MODULE } from './home/module.js';
import { HOUSEHOLDS_MODULE } from './households/module.js';
import { IMPORTS_MODULE } from './imports/module.js';
import { JOBS_MODULE } from './jobs/module.js';
import { MEMBERS_MODULE } from './members/module.js';
import { MESSAGES_MODULE } from './messages/module.js';
import { PAYMENTS_MODULE } from './payments/module.js';
import { PRIVACY_MODULE } from './privacy/module.js';
import { REPORTS_MODULE } from './reports/module.js';
import { TREASURY_MODULE } from './treasury/module.js';
import { USERS_MODULE } from './users/module.js';

export const CLIENT_MODULES = [
  ACCOUNT_MODULE,
  HOME_MODULE,
  MEMBERS_MODULE,
  HOUSEHOLDS_MODULE,
  IMPORTS_MODULE,
  DUES_MODULE,
  APPLICATIONS_MODULE,
  CARDS_MODULE,
  ASSEMBLIES_MODULE,
  PAYMENTS_MODULE,
  COLLECTING_MODULE,
  USERS_MODULE,
  REPORTS_MODULE,
  MESSAGES_MODULE,
  TREASURY_MODULE,
  DATA_MODULE,
  PRIVACY_MODULE,
  AUDIT_MODULE,
  JOBS_MODULE,
] as const;
