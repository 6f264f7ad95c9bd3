// What server code uses of the treasury: receipts issued for payments and donations (the demo).
// Imported from outside the treasury through this file only.
export { issueDonationReceipt } from './donations/receipt.js';
export { annulTreasuryDocument } from './annul.js';
export { issueReceiptForPayment } from './on-payment.js';
