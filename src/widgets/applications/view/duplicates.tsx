// The members and applications this application may repeat, each beside the applicant's own
// data: a small table per person (what the applicant wrote, what the other record holds, the
// equal values marked), headed by why it matched and a link to the existing record.
import styled from 'styled-components';
import { APPLICATION_STATES } from '../../../core/application-states.js';
import { RESOURCE } from '../../../core/index.js';
import type { ApplicationDuplicate } from '../../../core/modules/applications.js';
import type { MemberApplication } from '../../../core/records.js';
import { space, token, useQuery } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { formatPhone } from '../../shared/phone.js';
import { APPLICATIONS_TEXTS, APPLICATION_VIEW_TEXTS as T } from '../texts.js';

const RES = RESOURCE.memberApplications;

const Twin = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: 0 0 ${space(2.5)};
  table-layout: fixed;
  caption {
    text-align: left;
    padding: 0 0 ${space(1)};
    font-weight: 600;
  }
  caption span {
    font-weight: 400;
    color: ${token('color-text-muted')};
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${space(0.75)} ${space(1)};
    border-bottom: 1px solid ${token('color-border')};
    overflow-wrap: anywhere;
  }
  thead th {
    font-size: 0.875em;
    color: ${token('color-text-muted')};
  }
  tbody th {
    font-weight: 400;
    color: ${token('color-text-muted')};
    width: 28%;
  }
  td[data-same] {
    font-weight: 600;
  }
`;

const Same = styled.span`
  margin-left: ${space(0.5)};
  padding: 0 ${space(0.5)};
  font-size: 0.8em;
  font-weight: 600;
  color: ${token('color-warning-text')};
  background: ${token('color-warning-surface')};
  border-radius: 4px;
`;

/** One person found, with every reason they matched. */
interface Twin {
  key: string;
  source: ApplicationDuplicate['source'];
  first: ApplicationDuplicate;
  reasons: ApplicationDuplicate['reason'][];
}

function grouped(found: readonly ApplicationDuplicate[]): Twin[] {
  const twins = new Map<string, Twin>();
  for (const d of found) {
    const key = `${d.source}-${d.id}`;
    const twin = twins.get(key);
    if (twin) {
      if (!twin.reasons.includes(d.reason)) twin.reasons.push(d.reason);
    } else twins.set(key, { key, source: d.source, first: d, reasons: [d.reason] });
  }
  return [...twins.values()];
}

const plain = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const normal = (value: string) => value.trim().toLocaleLowerCase('pt-PT');

/** The rows compared: label, and how each side shows the value. */
const ROWS = [
  { label: T.name, of: (r: Record<string, unknown>) => plain(r.name) },
  { label: T.email, of: (r: Record<string, unknown>) => plain(r.email) },
  { label: T.nif, of: (r: Record<string, unknown>) => plain(r.nif) },
  { label: T.birthDate, of: (r: Record<string, unknown>) => formatDay(plain(r.birth_date)) },
  { label: T.phone, of: (r: Record<string, unknown>) => (r.phone ? formatPhone(String(r.phone)) : '') },
  { label: T.locality, of: (r: Record<string, unknown>) => plain(r.locality) },
] as const;

const stateLabel = (state: string | null | undefined) => APPLICATION_STATES.find((s) => s.value === state)?.label ?? plain(state);

function TwinTable({ twin, applicant, memberPath, applicationPath }: { twin: Twin; applicant: MemberApplication; memberPath?: string; applicationPath?: string }) {
  const d = twin.first;
  const who = d.source === 'member' ? T.twinMember(d.name, d.number) : T.twinApplication(d.name, stateLabel(d.state));
  const pattern = d.source === 'member' ? memberPath : applicationPath;
  const other = d as unknown as Record<string, unknown>;
  return (
    <Twin data-twin={twin.key}>
      <caption>
        {pattern ? <NavLink path={pathWith(pattern, { id: d.id })}>{who}</NavLink> : who} <span>({twin.reasons.map((r) => APPLICATIONS_TEXTS.reasons[r]).join('; ')})</span>
      </caption>
      <thead>
        <tr>
          <th scope="col">{T.compareField}</th>
          <th scope="col">{T.thisApplication}</th>
          <th scope="col">{d.source === 'member' ? APPLICATIONS_TEXTS.member(d.number) : APPLICATIONS_TEXTS.application}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const mine = row.of(applicant);
          const theirs = row.of(other);
          const same = mine !== '' && normal(mine) === normal(theirs);
          return (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{mine || '—'}</td>
              <td data-same={same ? '' : undefined}>
                {theirs || '—'}
                {same && <Same>{T.same}</Same>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Twin>
  );
}

export interface DuplicatesProps {
  record: MemberApplication;
  memberPath?: string;
  applicationPath?: string;
}

export function Duplicates({ record, memberPath, applicationPath }: DuplicatesProps) {
  const core = useCore();
  const found = useQuery<ApplicationDuplicate[]>(core.queries, { path: `${RES}/${encodeURIComponent(record._id)}/duplicates`, resources: [RES] }).data;
  if (!found) return null;
  const twins = grouped(Array.isArray(found) ? found : []);
  if (twins.length === 0) return <p data-no-duplicates="">{APPLICATIONS_TEXTS.noDuplicates}</p>;
  return (
    <div data-duplicates="">
      {twins.map((twin) => (
        <TwinTable key={twin.key} twin={twin} applicant={record} memberPath={memberPath} applicationPath={applicationPath} />
      ))}
    </div>
  );
}
