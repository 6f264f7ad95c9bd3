// The treasury's side of dues' payment-receipts port: a payment's receipt issued, announced,
// answered, annulled and listed as the ledger asks (dues/payment-receipts-port.ts).
import type { PaymentReceipts } from '../dues/public.js';
import { readSettings } from '../../settings/read.js';
import { toRecord } from '../../resources/records.js';
import { announceReceipt } from './announce-receipt.js';
import { annulReceiptOfPayment } from './annul.js';
import { TREASURY_SWITCH } from './enabled.js';
import { prepareReceiptOnPayment } from './on-payment.js';
import { paymentReceipt, receiptsOfMember } from './payment-receipts.js';
import { treasuryDocs } from './resources.js';

export const receiptsProvider: PaymentReceipts = {
  prepareOnPayment: prepareReceiptOnPayment,
  announce: announceReceipt,
  answer: (receipt, caller) => ({ ...toRecord(treasuryDocs, receipt, caller), ...paymentReceipt(Number(receipt._id), String(receipt.number), null) }),
  annulOfPayment: annulReceiptOfPayment,
  async ofMember(db, member) {
    const treasury = await readSettings(db, [TREASURY_SWITCH.setting]);
    return treasury[TREASURY_SWITCH.setting] === true ? receiptsOfMember(db, member) : new Map();
  },
};
