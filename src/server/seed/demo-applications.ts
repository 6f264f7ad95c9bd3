import { sha256 } from '../auth/secrets.js';
import { readSetting } from '../settings/read.js';
import { consentVersionOf } from '../modules/applications/public.js';
import type { ApplicationState } from '../../core/application-states.js';
import { moveApplicationFilesToMember, photoEntry, saveMemberFiles } from '../modules/member-files/public.js';
import { demoPortrait } from './demo-portraits.js';
import type { SeedContext } from './context.js';
import { upsertSetting } from './settings.js';

const DAY_MS = 86_400_000;
/** The first portrait's seed: the same faces in every fresh demo. */
const DEMO_PHOTO_SEED = 20_261_127;

/** The demo's applications: a few in each state, oldest first, one of them a likely duplicate of a member. */
const PLAN: readonly { state: ApplicationState; daysAgo: number; reason?: string }[] = [
  { state: 'accepted', daysAgo: 40 },
  { state: 'accepted', daysAgo: 35 },
  { state: 'rejected', daysAgo: 30, reason: 'Os estatutos exigem residência no concelho.' },
  { state: 'withdrawn', daysAgo: 25 },
  { state: 'rejected', daysAgo: 20, reason: 'Candidatura em duplicado.' },
  { state: 'email_confirmed', daysAgo: 6 },
  { state: 'email_confirmed', daysAgo: 4 },
  { state: 'email_confirmed', daysAgo: 2 },
  { state: 'submitted', daysAgo: 1 },
  { state: 'submitted', daysAgo: 0 },
];

/**
 * The demo organisation takes applications (the form on its website, the menu with its badge),
 * and has some: open ones to review (one sharing a member's NIF, to show the duplicates), and
 * decided ones. Accepted ones point at the newest members, whose data they carry. Each came
 * with a photo (a generated portrait), stored as the upload route stores one while the
 * application was open; an accepted one's went to its member, as the accept moves it. The
 * applications module's seed: runs after the members and the dues.
 */
export async function seedDemoApplications(ctx: SeedContext): Promise<void> {
  const { db, now, stamp } = ctx;
  const store = ctx.files;
  const photos = await Promise.all(PLAN.map((_, index) => demoPortrait(DEMO_PHOTO_SEED + index).then(photoEntry)));
  const factory = await ctx.people();
  await upsertSetting(db, 'hasMemberApplication', 'true', stamp);
  const consentVersion = consentVersionOf(await readSetting(db, 'applicationConsentText'));
  const category = await db.selectFrom('fee_categories').select('_id').orderBy('_id').executeTakeFirst();
  const newest = await db.selectFrom('members').selectAll().orderBy('number', 'desc').limit(2).execute();
  const someMember = await db.selectFrom('members').select('nif').where('nif', 'is not', null).orderBy('_id').executeTakeFirst();
  let accepted = 0;
  for (const [index, { state, daysAgo, reason }] of PLAN.entries()) {
    const at = now - daysAgo * DAY_MS - (PLAN.length - index) * 3_600_000;
    const when = new Date(at).toISOString();
    const person = factory.member(0, when);
    const member = state === 'accepted' ? newest[accepted++] : undefined;
    const source = member ?? person;
    const confirmed = state !== 'submitted';
    const decided = state === 'accepted' || state === 'rejected' || state === 'withdrawn';
    const row = await db
      .insertInto('member_applications')
      .values({
        name: String(source.name),
        email: source.email ?? null,
        phone: source.phone ?? null,
        // The second open application reuses a member's NIF: the review shows it as a possible duplicate.
        nif: index === 6 && someMember ? someMember.nif : (source.nif ?? null),
        birth_date: source.birth_date ?? null,
        address: source.address ?? null,
        postal_code: source.postal_code ?? null,
        locality: source.locality ?? null,
        country: source.country ?? null,
        fee_category: category ? Number(category._id) : null,
        consent_version: consentVersion,
        consent_at: when,
        guardian_consent: 0,
        // Open while its photo arrives; decided below.
        state: 'submitted',
        email_confirmed_at: confirmed ? new Date(at + 3_600_000).toISOString() : null,
        decided_at: decided ? new Date(at + 2 * DAY_MS).toISOString() : null,
        reject_reason: reason ?? null,
        member: member ? Number(member._id) : null,
        // Demo codes nobody holds: the open ones' links are in no mailbox.
        verification_hash: sha256(`demo-application-${index}`),
        verification_expires_at: new Date(at + 7 * DAY_MS).toISOString(),
        created_at: when,
        updated_at: when,
      })
      .returning('_id')
      .executeTakeFirstOrThrow();
    const id = Number(row._id);
    const parent = { kind: 'application', id } as const;
    await saveMemberFiles(db, store, { parent, by: { kind: 'applicant', id }, now: () => at, lockParent: false }, [photos[index]!]);
    if (member) await moveApplicationFilesToMember(db, id, Number(member._id), at + 2 * DAY_MS);
    if (state !== 'submitted') await db.updateTable('member_applications').set({ state }).where('_id', '=', id).execute();
  }
}
