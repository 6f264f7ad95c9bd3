// The cards module's own table and columns, as its migrations create them (types only): they
// join the tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** Every public check of a card's code, and what it answered. */
    membership_card_verifications: {
      _id: Generated<number>;
      code: string;
      card: number | null;
      at: string;
      address_hash: string;
      result: string;
    };
  }
  interface StoredOnlyColumns {
    /** The card's and its letter's PDF files, each with the hash of the data it was made from. */
    membership_cards: { file: number | null; file_data_hash: string | null; letter_file: number | null; letter_data_hash: string | null };
  }
  interface NotNullColumns {
    membership_cards: 'member' | 'code' | 'state' | 'issued_at' | 'valid_until';
    card_checkin_scans: 'session' | 'position' | 'at' | 'input' | 'status';
  }
}
