// What the applicant wrote, as text: who they are and how to reach them, then what they ask.
import { RESOURCE } from '../../../core/index.js';
import type { MemberApplication } from '../../../core/records.js';
import { Facts } from '../../feature-kit/facts.js';
import { formatDay } from '../../shared/format.js';
import { formatPhone } from '../../shared/phone.js';
import { APPLICATION_VIEW_TEXTS as T } from '../texts.js';
import { useReferenceName } from './reference-name.js';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The address as it is written on an envelope: street, then postal code and locality, then the country. */
function Address({ record }: { record: MemberApplication }) {
  const country = useReferenceName(RESOURCE.countries, record.country);
  const lines = [text(record.address), [text(record.postal_code), text(record.locality)].filter(Boolean).join(' '), country].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </>
  );
}

export function ApplicantFacts({ record }: { record: MemberApplication }) {
  return (
    <Facts
      data-applicant=""
      facts={[
        { term: T.name, value: text(record.name), name: 'name' },
        { term: T.email, value: text(record.email), name: 'email' },
        { term: T.phone, value: record.phone ? formatPhone(String(record.phone)) : '', name: 'phone' },
        { term: T.nif, value: text(record.nif), name: 'nif' },
        { term: T.birthDate, value: formatDay(text(record.birth_date)), name: 'birth_date' },
        { term: T.address, value: record.address || record.postal_code || record.locality || record.country ? <Address record={record} /> : '', name: 'address' },
      ]}
    />
  );
}

export function RequestFacts({ record }: { record: MemberApplication }) {
  const category = useReferenceName('fee_categories', record.fee_category);
  return (
    <Facts
      data-request=""
      facts={[
        { term: T.feeCategory, value: category, name: 'fee_category' },
        { term: T.proposer, value: record.proposer_number ? T.proposerNumber(String(record.proposer_number)) : '', name: 'proposer' },
      ]}
    />
  );
}
