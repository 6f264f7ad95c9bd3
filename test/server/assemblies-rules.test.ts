import { describe, expect, it } from 'vitest';
import { lisbonInstant } from '../../src/core/days.js';
import { decide, lastNoticeDay, legalNoticeDays, quorum, secondCallAt, type DecideInput } from '../../src/server/modules/assemblies/rules.js';

// The law's figures (CC arts. 174–175 for associations, CCoop arts. 36–40 for cooperatives), each
// at the edge where it turns: exactly half, ties, three quarters of the present against of all.

const vote = (over: Partial<DecideInput>): DecideInput => ({
  orgType: 'association', majority: 'ordinary', votesFor: 0, against: 0, abstentions: 0, present: 0, associates: 100, abstentionRule: 'present', ...over,
});

describe('the notice', () => {
  it('is at least 8 days for an association and 15 for a cooperative, counted back from the day', () => {
    expect(legalNoticeDays('association')).toBe(8);
    expect(legalNoticeDays('cooperative')).toBe(15);
    expect(lastNoticeDay('2026-03-28', 8)).toBe('2026-03-20');
    expect(lastNoticeDay('2026-03-05', 15)).toBe('2026-02-18');
    expect(lastNoticeDay('2026-01-03', 8)).toBe('2025-12-26');
  });
});

describe('the second call', () => {
  it("starts the statutes' minutes after the first call, on Lisbon's clock in winter and in summer", () => {
    expect(new Date(lisbonInstant('2026-01-15', '21:00')).toISOString()).toBe('2026-01-15T21:00:00.000Z');
    expect(new Date(lisbonInstant('2026-07-15', '21:00')).toISOString()).toBe('2026-07-15T20:00:00.000Z');
    expect(secondCallAt('2026-07-15', '21:00', 30)).toBe('2026-07-15T20:30:00.000Z');
    // The clocks go forward at 01:00 UTC on 29 March 2026: 00:30 is still winter time, 02:30 summer.
    expect(new Date(lisbonInstant('2026-03-29', '00:30')).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(new Date(lisbonInstant('2026-03-29', '02:30')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('the quorum', () => {
  const first = { call: 'first' as const, secondCallRule: 'any' as const, secondCallMinimum: 1 };

  it('of an association on first call is at least half of the associates: exactly half is enough', () => {
    expect(quorum({ ...first, orgType: 'association', eligible: 80, counted: 40 })).toMatchObject({ met: true, required: 40, missing: 0 });
    const short = quorum({ ...first, orgType: 'association', eligible: 80, counted: 39 });
    expect(short).toMatchObject({ met: false, required: 40, missing: 1 });
    expect(short.text).toBe('Não há quórum na primeira convocatória (pelo menos metade dos 80 com direito a voto, 40): 39 com direito a voto presentes ou representados; falta 1.');
    expect(quorum({ ...first, orgType: 'association', eligible: 79, counted: 40 })).toMatchObject({ met: true, required: 40 });
    expect(quorum({ ...first, orgType: 'association', eligible: 79, counted: 39 })).toMatchObject({ met: false, missing: 1 });
  });

  it('of a cooperative on first call is more than half: exactly half is not enough', () => {
    expect(quorum({ ...first, orgType: 'cooperative', eligible: 80, counted: 40 })).toMatchObject({ met: false, required: 41, missing: 1 });
    const met = quorum({ ...first, orgType: 'cooperative', eligible: 80, counted: 41 });
    expect(met).toMatchObject({ met: true, required: 41, missing: 0 });
    expect(met.text).toBe('Há quórum na primeira convocatória (mais de metade dos 80 com direito a voto): 41 com direito a voto presentes ou representados.');
    expect(quorum({ ...first, orgType: 'cooperative', eligible: 79, counted: 40 })).toMatchObject({ met: true, required: 40 });
  });

  it('on second call is any number (someone there) or the minimum the statutes set', () => {
    const any = { call: 'second' as const, secondCallRule: 'any' as const, secondCallMinimum: 10 };
    expect(quorum({ ...any, orgType: 'association', eligible: 80, counted: 3 })).toMatchObject({ met: true, required: 1, missing: 0 });
    expect(quorum({ ...any, orgType: 'association', eligible: 80, counted: 0 })).toMatchObject({ met: false, missing: 1 });
    const minimum = { call: 'second' as const, secondCallRule: 'minimum' as const, secondCallMinimum: 10 };
    expect(quorum({ ...minimum, orgType: 'cooperative', eligible: 80, counted: 9 })).toMatchObject({ met: false, required: 10, missing: 1 });
    expect(quorum({ ...minimum, orgType: 'cooperative', eligible: 80, counted: 10 })).toMatchObject({ met: true, required: 10 });
  });
});

describe('the majority of an association', () => {
  it('for an ordinary item is more than half of the present with a vote: exactly half and a tie reject', () => {
    const approved = decide(vote({ votesFor: 41, against: 30, abstentions: 7, present: 78 }));
    expect(approved).toMatchObject({ approved: true, needed: 40, base: 78 });
    expect(approved.text).toBe('Aprovado por maioria absoluta dos presentes: 41 de 78.');
    expect(decide(vote({ votesFor: 39, against: 10, abstentions: 29, present: 78 })).approved).toBe(false);
    const half = decide(vote({ votesFor: 39, against: 39, present: 78 }));
    expect(half).toMatchObject({ approved: false, needed: 40 });
    expect(half.text).toBe('Rejeitado: a deliberação exige maioria absoluta dos presentes (40 de 78); votaram a favor 39.');
    expect(decide(vote({ votesFor: 40, against: 38, present: 78 })).approved).toBe(true);
  });

  it('counts abstentions among the present by default, and leaves them out under the votes-cast rule', () => {
    const split = { votesFor: 30, against: 20, abstentions: 30, present: 80 };
    expect(decide(vote({ ...split, abstentionRule: 'present' }))).toMatchObject({ approved: false, base: 80, needed: 41 });
    const cast = decide(vote({ ...split, abstentionRule: 'cast' }));
    expect(cast).toMatchObject({ approved: true, base: 50, needed: 26 });
    expect(cast.text).toBe('Aprovado por maioria absoluta dos votos expressos: 30 de 50.');
    // A tie of the votes cast still rejects.
    expect(decide(vote({ votesFor: 25, against: 25, abstentions: 30, present: 80, abstentionRule: 'cast' })).approved).toBe(false);
  });

  it('for a statute change is at least three quarters of the present, whatever the abstention rule', () => {
    expect(decide(vote({ majority: 'statutes', votesFor: 60, against: 18, present: 80 }))).toMatchObject({ approved: true, needed: 60 });
    const short = decide(vote({ majority: 'statutes', votesFor: 59, against: 0, abstentions: 21, present: 80, abstentionRule: 'cast' }));
    expect(short).toMatchObject({ approved: false, needed: 60, base: 80 });
    expect(short.text).toBe('Rejeitado: a alteração dos estatutos exige 3/4 dos presentes (60 de 80); votaram a favor 59.');
    expect(decide(vote({ majority: 'statutes', votesFor: 59, against: 19, present: 78 }))).toMatchObject({ approved: true, needed: 59 });
    expect(decide(vote({ majority: 'statutes', votesFor: 58, against: 20, present: 78 })).approved).toBe(false);
  });

  it('for a dissolution is three quarters of all associates, not of the present', () => {
    // Every one of the 70 present votes for: three quarters of the present, not of the 100 associates.
    const present = decide(vote({ majority: 'dissolution', votesFor: 70, present: 70, associates: 100 }));
    expect(present).toMatchObject({ approved: false, needed: 75, base: 100 });
    expect(present.text).toBe('Rejeitado: a dissolução ou prorrogação exige 3/4 de todos os associados (75 de 100); votaram a favor 70.');
    expect(decide(vote({ majority: 'dissolution', votesFor: 75, against: 5, present: 80, associates: 100 }))).toMatchObject({ approved: true });
  });

  it('for an election is the ordinary majority', () => {
    expect(decide(vote({ majority: 'election', votesFor: 26, against: 24, present: 50 })).approved).toBe(true);
    expect(decide(vote({ majority: 'election', votesFor: 25, against: 24, abstentions: 1, present: 50 })).text).toBe(
      'Rejeitado: a eleição exige maioria absoluta dos presentes (26 de 50); votaram a favor 25.',
    );
  });

  it('for a custom fraction is at least num/den of its base', () => {
    const twoThirdsPresent = { majority: 'custom' as const, custom: { num: 2, den: 3, base: 'present' as const } };
    expect(decide(vote({ ...twoThirdsPresent, votesFor: 40, present: 60 }))).toMatchObject({ approved: true, needed: 40 });
    expect(decide(vote({ ...twoThirdsPresent, votesFor: 39, against: 21, present: 60 })).text).toBe(
      'Rejeitado: a deliberação exige 2/3 dos presentes (40 de 60); votaram a favor 39.',
    );
    expect(decide(vote({ majority: 'custom', custom: { num: 1, den: 2, base: 'all' }, votesFor: 50, present: 60, associates: 100 }))).toMatchObject({ approved: true, base: 100 });
    expect(decide(vote({ majority: 'custom', custom: { num: 3, den: 5, base: 'cast' }, votesFor: 6, against: 4, abstentions: 50, present: 60 }))).toMatchObject({ approved: true, base: 10, needed: 6 });
  });

  it('never approves without a vote for', () => {
    expect(decide(vote({ majority: 'custom', custom: { num: 1, den: 2, base: 'cast' }, abstentions: 10, present: 10 }))).toMatchObject({ approved: false, needed: 1 });
  });
});

describe('the majority of a cooperative', () => {
  const coop = (over: Partial<DecideInput>) => vote({ orgType: 'cooperative', ...over });

  it('for an ordinary item under the votes-cast rule is more for than against: a tie rejects', () => {
    expect(decide(coop({ votesFor: 21, against: 20, abstentions: 40, present: 81, abstentionRule: 'cast' })).approved).toBe(true);
    expect(decide(coop({ votesFor: 20, against: 20, abstentions: 40, present: 80, abstentionRule: 'cast' })).approved).toBe(false);
  });

  it('for a statute change or dissolution is two thirds of the votes cast, abstentions aside', () => {
    const exact = decide(coop({ majority: 'statutes', votesFor: 40, against: 20, abstentions: 40, present: 100 }));
    expect(exact).toMatchObject({ approved: true, needed: 40, base: 60 });
    expect(exact.text).toBe('Aprovado por 2/3 dos votos expressos: 40 de 60.');
    expect(decide(coop({ majority: 'statutes', votesFor: 39, against: 21, present: 60 })).approved).toBe(false);
    expect(decide(coop({ majority: 'dissolution', votesFor: 20, against: 10, present: 90, associates: 200 }))).toMatchObject({ approved: true, base: 30 });
    expect(decide(coop({ majority: 'dissolution', votesFor: 19, against: 10, present: 90, associates: 200 })).text).toBe(
      'Rejeitado: a dissolução ou prorrogação exige 2/3 dos votos expressos (20 de 29); votaram a favor 19.',
    );
  });
});
