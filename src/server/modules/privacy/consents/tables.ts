// The consent register's NOT NULL columns beyond its required fields, as its migration creates
// them (types only): the server fills them, so readers never meet a null.
declare module '../../../db/tables.js' {
  interface NotNullColumns {
    consent_purposes: 'version' | 'active' | 'on_application';
    consents: 'purpose' | 'state' | 'source' | 'text_version';
  }
}

export {};
