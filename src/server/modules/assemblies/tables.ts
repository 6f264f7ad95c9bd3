// The assemblies module's NOT NULL columns beyond its required fields, as its migration creates
// them (types only): the server fills them, so readers never meet a null.
declare module '../../db/tables.js' {
  interface NotNullColumns {
    assemblies: 'status';
    assembly_items: 'vote_status';
    assembly_attendance: 'assembly' | 'member' | 'position' | 'at' | 'via' | 'has_vote';
    assembly_ballots: 'item' | 'member' | 'choice' | 'at';
    assembly_convocations: 'assembly' | 'member' | 'channel' | 'name';
  }
}

export {};
