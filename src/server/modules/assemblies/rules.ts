// The law's figures for a general assembly, as pure functions: the notice, the quorum of each
// call and the majority each agenda item needs. Associations follow the Código Civil (arts.
// 174–175), cooperatives the Código Cooperativo (Lei 119/2015, arts. 36–40); statutes may ask for
// more, never less. No database: the callers count, these decide and say why in pt-PT.
import type { OrgType } from '../../../core/contract.js';
import { addDays, lisbonInstant } from '../../../core/days.js';
import type { CustomBase, Majority } from './items.js';


/** The least notice the law allows: 8 days for an association (CC art. 174.º), 15 for a cooperative (CCoop art. 36.º). */
export function legalNoticeDays(orgType: OrgType): number {
  return orgType === 'cooperative' ? 15 : 8;
}

/** The last day the notice may go out for an assembly on `date` ('YYYY-MM-DD'): that many days before. */
export function lastNoticeDay(date: string, noticeDays: number): string {
  return addDays(date, -noticeDays);
}

/** When the second call starts: the first call's time plus the statutes' delay (ISO-8601 UTC). */
export function secondCallAt(date: string, time: string, minutes: number): string {
  return new Date(lisbonInstant(date, time) + minutes * 60_000).toISOString();
}

export type Call = 'first' | 'second';
export type SecondCallRule = 'any' | 'minimum';

export interface QuorumInput {
  orgType: OrgType;
  /** Associates with a vote on the cut-off date. */
  eligible: number;
  /** Those of them present or represented. */
  counted: number;
  call: Call;
  secondCallRule: SecondCallRule;
  secondCallMinimum: number;
}

export interface Quorum {
  met: boolean;
  /** How many with a vote must be there. */
  required: number;
  /** How many more are needed (0 when met). */
  missing: number;
  text: string;
}

const people = (n: number) => (n === 1 ? '1 associado' : `${n} associados`);

/**
 * The quorum of the call under way. First call: an association needs at least half of its
 * associates (CC art. 175.º, n.º 1), a cooperative more than half of its cooperators with a vote
 * (CCoop art. 37.º, n.º 1). Second call: any number (someone must be there) or the statutes' minimum.
 */
export function quorum(input: QuorumInput): Quorum {
  const { orgType, eligible, counted, call } = input;
  let required: number;
  let rule: string;
  if (call === 'first') {
    const cooperative = orgType === 'cooperative';
    required = cooperative ? Math.floor(eligible / 2) + 1 : Math.ceil(eligible / 2);
    rule = `${cooperative ? 'mais de metade' : 'pelo menos metade'} dos ${eligible} com direito a voto`;
  } else if (input.secondCallRule === 'minimum') {
    required = input.secondCallMinimum;
    rule = `o mínimo dos estatutos, ${people(input.secondCallMinimum)}`;
  } else {
    required = 1;
    rule = 'qualquer número de associados';
  }
  const missing = Math.max(0, required - counted);
  const met = missing === 0;
  const callName = call === 'first' ? 'primeira convocatória' : 'segunda convocatória';
  const there = `${counted} com direito a voto ${counted === 1 ? 'presente ou representado' : 'presentes ou representados'}`;
  const text = met
    ? `Há quórum na ${callName} (${rule}): ${there}.`
    : `Não há quórum na ${callName} (${rule}, ${required}): ${there}; ${missing === 1 ? 'falta 1' : `faltam ${missing}`}.`;
  return { met, required, missing, text };
}

export interface CustomMajority {
  num: number;
  den: number;
  base: CustomBase;
}

export type AbstentionRule = 'present' | 'cast';

export interface DecideInput {
  orgType: OrgType;
  majority: Majority;
  /** The fraction of a 'custom' item: at least num/den of its base. */
  custom?: CustomMajority | null;
  votesFor: number;
  against: number;
  abstentions: number;
  /** Associates with a vote present or represented. */
  present: number;
  /** Every associate on the cut-off date, in full rights or not (the dissolution's base). */
  associates: number;
  abstentionRule: AbstentionRule;
}

export interface Decision {
  approved: boolean;
  /** The least number of votes for that approves. */
  needed: number;
  /** What the majority is taken of (the present, all associates, the votes cast). */
  base: number;
  text: string;
}

/** A majority as a fraction of a base: approved when for × den ≥ num × base (or for × den > num × base when strict). */
interface Rule {
  num: number;
  den: number;
  strict: boolean;
  base: number;
  /** "maioria absoluta dos presentes", "3/4 dos presentes"... */
  phrase: string;
}

const SUBJECTS: Record<Majority, string> = {
  ordinary: 'a deliberação',
  statutes: 'a alteração dos estatutos',
  dissolution: 'a dissolução ou prorrogação',
  election: 'a eleição',
  custom: 'a deliberação',
};

const BASE_PHRASES: Record<CustomBase, string> = { present: 'dos presentes', all: 'de todos os associados', cast: 'dos votos expressos' };

function ruleOf(input: DecideInput): Rule {
  const cast = input.votesFor + input.against;
  const ordinaryBase = input.abstentionRule === 'cast' ? cast : input.present;
  const ordinary: Rule = {
    num: 1, den: 2, strict: true, base: ordinaryBase,
    phrase: input.abstentionRule === 'cast' ? 'maioria absoluta dos votos expressos' : 'maioria absoluta dos presentes',
  };
  const twoThirdsCast: Rule = { num: 2, den: 3, strict: false, base: cast, phrase: '2/3 dos votos expressos' };
  switch (input.majority) {
    case 'ordinary':
    case 'election':
      return ordinary;
    case 'statutes':
      // CCoop art. 40.º, n.º 2; CC art. 175.º, n.º 3: three quarters of those present, abstaining or not.
      return input.orgType === 'cooperative' ? twoThirdsCast : { num: 3, den: 4, strict: false, base: input.present, phrase: '3/4 dos presentes' };
    case 'dissolution':
      // CC art. 175.º, n.º 4: three quarters of all associates, there or not.
      return input.orgType === 'cooperative' ? twoThirdsCast : { num: 3, den: 4, strict: false, base: input.associates, phrase: '3/4 de todos os associados' };
    case 'custom': {
      const custom = input.custom;
      if (!custom) throw new Error('A custom majority needs its fraction');
      const base = custom.base === 'all' ? input.associates : custom.base === 'cast' ? cast : input.present;
      return { num: custom.num, den: custom.den, strict: false, base, phrase: `${custom.num}/${custom.den} ${BASE_PHRASES[custom.base]}` };
    }
  }
}

/**
 * The result of a vote under the item's majority. "Exactly half" is no absolute majority and a
 * tie rejects; a deliberation needs at least one vote for, whatever the base.
 */
export function decide(input: DecideInput): Decision {
  const rule = ruleOf(input);
  const { votesFor } = input;
  const reached = rule.strict ? votesFor * rule.den > rule.num * rule.base : votesFor * rule.den >= rule.num * rule.base;
  const approved = votesFor > 0 && reached;
  const least = rule.strict ? Math.floor((rule.num * rule.base) / rule.den) + 1 : Math.ceil((rule.num * rule.base) / rule.den);
  const needed = Math.max(1, least);
  const text = approved
    ? `Aprovado por ${rule.phrase}: ${votesFor} de ${rule.base}.`
    : `Rejeitado: ${SUBJECTS[input.majority]} exige ${rule.phrase} (${needed} de ${rule.base}); ${votesFor === 1 ? 'votou a favor 1' : `votaram a favor ${votesFor}`}.`;
  return { approved, needed, base: rule.base, text };
}
