// The member home's blocks that wait for their own data (the membership card, the receipts, the
// data export, the assemblies): loaded after the member's summary shows, so the page stays within its size budget.
export { OwnAssemblies } from './own-assemblies.js';
export { OwnCard } from './own-card.js';
export { OwnConsents } from '../privacy/consents/index.js';
export { OwnDataExport } from './own-data-export.js';
export { OwnHouseholdDues } from './own-household-dues.js';
export { OwnReceipts } from './own-receipts.js';
