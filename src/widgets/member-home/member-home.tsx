import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { RESOURCE } from '../../core/index.js';
import { EmptyState, ErrorState, Loading, space, token, useSignalValue } from '../kit/index.js';
import { Heading, Lead, Notice } from '../feature-kit/layout.js';
import { NavLink } from '../feature-kit/navigation.js';
import { PATHS, userEditPath } from '../feature-kit/paths.js';
import { FEATURE_TEXTS } from '../feature-kit/texts.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatDate, present } from './format.js';
import { formatPhone } from '../shared/phone.js';
import { OwnDues } from './own-dues.js';
import { Facts } from './section.js';
import { MEMBER_HOME_TEXTS as T } from './texts.js';
import { useOwnMember, type OwnMember } from './use-own-member.js';

// The form and the history bring the resource form's and the history's chunks: loaded after
// the member's summary shows, so a page with only this element stays small on a phone.
const OwnDetailsForm = lazy(async () => ({ default: (await import('./own-details-form.js')).OwnDetailsForm }));
const RecordHistory = lazy(async () => ({ default: (await import('../record-history/index.js')).RecordHistory }));
const OwnCard = lazy(async () => ({ default: (await import('./own-sections.js')).OwnCard }));
const OwnReceipts = lazy(async () => ({ default: (await import('./own-sections.js')).OwnReceipts }));
const OwnDataExport = lazy(async () => ({ default: (await import('./own-sections.js')).OwnDataExport }));
const OwnAssemblies = lazy(async () => ({ default: (await import('./own-sections.js')).OwnAssemblies }));
const OwnConsents = lazy(async () => ({ default: (await import('./own-sections.js')).OwnConsents }));
// A minor's guardian choosing whose home to see (issue 34): its own chunk, loaded only by members.
const Minors = lazy(async () => ({ default: (await import('./guardian/minor-chooser.js')).MinorChooser }));
const OwnHouseholdDues = lazy(async () => ({ default: (await import('./own-sections.js')).OwnHouseholdDues }));

const Card = styled.article`
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  overflow: hidden;
`;

const CardHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  padding: ${space(3)};
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.35em;
`;

const Number = styled.p`
  margin: ${space(0.5)} 0 0;
  opacity: 0.9;
`;

const Badge = styled.span`
  padding: ${space(0.5)} ${space(1.5)};
  font-size: 0.875em;
  font-weight: 600;
  color: ${token('color-primary')};
  background: ${token('color-primary-contrast')};
  border-radius: 999px;
`;

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${space(3)};
  padding: ${space(3)};
`;

const SectionTitle = styled.h4`
  margin: 0 0 ${space(1)};
  font-size: 0.8em;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${token('color-text-muted')};
`;

const Muted = styled.span`
  color: ${token('color-text-muted')};
  font-style: italic;
`;

// The page's width decides its columns (a container query: the element may sit in any page).
const Layout = styled.div`
  container: member-home / inline-size;
`;

/** One column on a phone; on a wider page the member's card and membership card beside their money and forms. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space(4)};
  align-items: start;
  @container member-home (min-width: 56rem) {
    grid-template-columns: minmax(18rem, 1fr) minmax(0, 2fr);
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  min-width: 0;
`;

const CardFooter = styled.footer`
  padding: ${space(2)} ${space(3)};
  background: ${token('color-surface')};
  border-top: 1px solid ${token('color-border')};
`;

function Value({ value }: { value: string | null }) {
  return <dd>{value ?? <Muted>{T.notGiven}</Muted>}</dd>;
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <Value value={value} />
    </>
  );
}

function MemberCard({ data, singular, userId }: { data: OwnMember; singular: string; userId: number }) {
  const { member, stateName, countryName } = data;
  const place = [present(member.postal_code), present(member.locality)].filter(Boolean).join(' ') || null;
  return (
    <Card aria-labelledby="member-name">
      <CardHeader>
        <div>
          <Name id="member-name">{present(member.name) ?? '—'}</Name>
          {member.number !== undefined && <Number>{T.number(singular, String(member.number))}</Number>}
        </div>
        {stateName && <Badge>{stateName}</Badge>}
      </CardHeader>
      <Sections>
        <section>
          <SectionTitle>{T.sections.contacts}</SectionTitle>
          <Facts>
            <Row label={T.fields.email} value={present(member.email)} />
            <Row label={T.fields.phone} value={member.phone ? formatPhone(member.phone) : null} />
          </Facts>
        </section>
        <section>
          <SectionTitle>{T.sections.identification}</SectionTitle>
          <Facts>
            <Row label={T.fields.nif} value={present(member.nif)} />
            <Row label={T.fields.birthDate} value={formatDate(member.birth_date)} />
          </Facts>
        </section>
        <section>
          <SectionTitle>{T.sections.address}</SectionTitle>
          <Facts>
            <Row label={T.fields.address} value={present(member.address)} />
            <Row label={T.fields.postalCode} value={place} />
            <Row label={T.fields.country} value={countryName} />
          </Facts>
        </section>
        <section>
          <SectionTitle>{T.sections.membership}</SectionTitle>
          <Facts>
            <Row label={T.fields.admissionDate} value={formatDate(member.admission_date)} />
            <Row label={T.fields.state} value={stateName} />
          </Facts>
        </section>
      </Sections>
      <CardFooter>
        <NavLink path={userEditPath(userId)}>{T.editProfile}</NavLink>
      </CardFooter>
    </Card>
  );
}

/** Home of a member (/dashboard): their own member record, the form to correct what they may, their card, debts and payments, and their data to download. */
export function MemberHome() {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const terminology = useSignalValue(core.terminology.terminology);
  const singular = terminology?.memberSingular ?? T.defaultSingular;
  const { load, retry } = useOwnMember(core, claims?.ID, claims?.act);

  let body;
  // Claims are checked first: a logout clears them before the load state catches up.
  if (!claims || load.state === 'loggedOut')
    body = (
      <Notice tone="info">
        <p>{FEATURE_TEXTS.notLoggedIn}</p>
        <p>
          <NavLink path={PATHS.login}>{FEATURE_TEXTS.loginLink}</NavLink>
        </p>
      </Notice>
    );
  else if (load.state === 'loading') body = <Loading />;
  else if (load.state === 'failed') body = <ErrorState message={T.loadFailed} onRetry={retry} />;
  else if (load.state === 'notLinked')
    body = (
      <Suspense fallback={<Loading />}>
        <Minors>
          <EmptyState message={T.notLinked(singular)}>
            <NavLink path={userEditPath(claims.ID)}>{T.editProfile}</NavLink>
          </EmptyState>
        </Minors>
      </Suspense>
    );
  else
    body = (
      <Layout>
        <Suspense fallback={null}>
          <Minors shown={load.member._id} />
        </Suspense>
        <Columns>
          <Column data-column="side">
            <MemberCard data={load} singular={singular} userId={claims.ID} />
            <Suspense fallback={<Loading />}>
              <OwnCard singular={singular} />
            </Suspense>
          </Column>
          <Column data-column="main">
            <OwnDues memberId={load.member._id} />
            <Suspense fallback={null}>
              <OwnHouseholdDues />
            </Suspense>
            <Suspense fallback={<Loading />}>
              <OwnAssemblies />
            </Suspense>
            <Suspense fallback={<Loading />}>
              <OwnReceipts />
            </Suspense>
            <Suspense fallback={<Loading />}>
              <OwnDetailsForm memberId={load.member._id} />
              <OwnDataExport memberId={load.member._id} number={load.member.number} />
            </Suspense>
            <Suspense fallback={<Loading />}>
              <OwnConsents memberId={load.member._id} />
            </Suspense>
            {/* RGPD: the member sees that, when and by whom their data changed. */}
            <Suspense fallback={<Loading />}>
              <RecordHistory resource={RESOURCE.members} recordId={String(load.member._id)} />
            </Suspense>
          </Column>
        </Columns>
      </Layout>
    );

  return (
    <section aria-labelledby="home-title">
      <Heading id="home-title">{T.title}</Heading>
      {claims && <Lead>{T.greeting(claims.Name)}</Lead>}
      {body}
    </section>
  );
}

