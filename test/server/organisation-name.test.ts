import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBeforePlaceholder, withPreposition } from '../../src/core/organisation-name.js';
import { renderHtml, renderText } from '../../src/server/modules/reminders/templates.js';
import { readPdf } from './cards/pdf-support.js';
import { applyConfirmed, json, startApplications, type Setup } from './applications/support.js';

// Portuguese contracts a preposition with the article of the name that follows it: a message to a
// member of "Clube Desportivo" says "sócio do Clube", one of "Associação Cultural do Vale" says
// "sócio da Associação". Every template and PDF that names the organisation after a preposition is
// rendered for both, and none may read "de Associação" or "a Clube".

const ORGANISATIONS = [
  { name: 'Clube Desportivo', article: 'o', of: 'do Clube Desportivo', to: 'ao Clube Desportivo', in: 'no Clube Desportivo' },
  { name: 'Associação Cultural do Vale', article: 'a', of: 'da Associação Cultural do Vale', to: 'à Associação Cultural do Vale', in: 'na Associação Cultural do Vale' },
] as const;

/** A bare preposition right before the name: what the contraction must never leave. */
const uncontracted = (name: string) => new RegExp(`(^|[\\s(])(de|a|em|por) ${name}`);

describe('the organisation name after a preposition', () => {
  it('contracts each preposition with each article, and leaves a name without article alone', () => {
    expect(withPreposition('de', 'Associação', 'a')).toBe('da Associação');
    expect(withPreposition('a', 'Clube', 'o')).toBe('ao Clube');
    expect(withPreposition('em', 'Amigas do Rio', 'as')).toBe('nas Amigas do Rio');
    expect(withPreposition('por', 'Amigos', 'os')).toBe('pelos Amigos');
    expect(withPreposition('de', 'Lisboa Runners', '-')).toBe('de Lisboa Runners');
    expect(contractBeforePlaceholder('Bem-vindo(a) a {organizacao}! Sócio de {organizacao}, em {organizacao}.', 'organizacao', 'o')).toBe('Bem-vindo(a) ao {organizacao}! Sócio do {organizacao}, no {organizacao}.');
    // The article at the start of a sentence and other placeholders stay as written.
    expect(contractBeforePlaceholder('A {organizacao} agradece. Olá {nome}, de {nome}.', 'organizacao', 'o')).toBe('A {organizacao} agradece. Olá {nome}, de {nome}.');
    expect(contractBeforePlaceholder('sócio de {organizacao}', 'organizacao', '-')).toBe('sócio de {organizacao}');
  });

  for (const organisation of ORGANISATIONS) {
    describe(organisation.name, () => {
      let setup: Setup;
      const db = () => setup.server.database.db;
      const staffCall = (method: string, url: string, payload?: unknown) => json(setup.server, method, url, payload, setup.staff);
      const lastMessage = (email: string) => db().selectFrom('messages').select(['subject', 'body', 'html']).where('recipient', '=', email).orderBy('_id', 'desc').executeTakeFirstOrThrow();

      beforeAll(async () => {
        setup = await startApplications();
        const stamp = new Date(setup.server.ctx.now()).toISOString();
        for (const [name, value] of [['name', organisation.name], ['nameArticle', organisation.article]] as const) {
          await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
        }
      });
      afterAll(async () => {
        await setup?.server.close();
      });

      it('the terminology carries the article', async () => {
        const answer = await json(setup.server, 'GET', '/api/terminology');
        expect(answer.body.data.data).toMatchObject({ name: organisation.name, nameArticle: organisation.article });
      });

      it('the applicant messages, the hand-over text and the cover letter contract it', async () => {
        const texts: string[] = [];
        const accepted = await applyConfirmed(setup, { email: 'aceite@exemplo.pt', nif: '999999990', name: 'Carlos Aceite' });
        const confirmation = await lastMessage('aceite@exemplo.pt');
        expect(confirmation.subject).toBe(`Confirme o seu e-mail: candidatura ${organisation.to}`);
        expect(confirmation.body).toContain(`candidatura a sócio ${organisation.of}.`);
        texts.push(confirmation.subject, confirmation.body, String(confirmation.html));

        const decision = await staffCall('POST', `/api/member_applications/${accepted.body.data.id}/accept`, {});
        expect(decision.status, JSON.stringify(decision.body)).toBe(200);
        const welcome = await lastMessage('aceite@exemplo.pt');
        expect(welcome.subject).toBe(`Bem-vindo(a) ${organisation.to}`);
        expect(welcome.body).toContain(`é agora o sócio n.º ${decision.body.data.number} ${organisation.of}.`);
        texts.push(welcome.subject, welcome.body, String(welcome.html));

        const refused = await applyConfirmed(setup, { email: 'recusa@exemplo.pt', name: 'Rita Recusa' });
        expect((await staffCall('POST', `/api/member_applications/${refused.body.data.id}/reject`, { reason: 'Sem vagas.' })).status).toBe(200);
        const rejection = await lastMessage('recusa@exemplo.pt');
        expect(rejection.subject).toBe(`A sua candidatura ${organisation.to}`);
        expect(rejection.body).toContain(`o seu interesse ${organisation.in}.`);
        texts.push(rejection.subject, rejection.body, String(rejection.html));

        const member = Number(decision.body.data.member);
        const handOver = await staffCall('POST', '/api/payment_links/hand_over', { member, way: 'copy' });
        expect(handOver.status, JSON.stringify(handOver.body)).toBe(200);
        expect(handOver.body.data.text).toContain(`as suas quotas ${organisation.of} em`);
        texts.push(handOver.body.data.text);

        const card = await db().selectFrom('membership_cards').select('_id').where('member', '=', member).executeTakeFirstOrThrow();
        const letter = await staffCall('GET', `/api/membership_card_letters/${Number(card._id)}`);
        expect(letter.status, JSON.stringify(letter.body)).toBe(302);
        const pdf = await setup.server.request({ method: 'GET', url: String(letter.headers.location), token: setup.staff });
        expect(pdf.statusCode).toBe(200);
        const page = readPdf(pdf.rawPayload).text;
        expect(page).toContain(`membro ${organisation.of}.`);
        texts.push(page);

        for (const text of texts) expect(text).not.toMatch(uncontracted(organisation.name));
      });

      it('reminder templates contract the association placeholder in text and HTML', () => {
        const data = { name: 'Ana Lopes', number: 7, association: organisation.name, associationArticle: organisation.article, debts: [] };
        expect(renderText('Quotas de {associacao}: pague a {associacao}.', data)).toBe(`Quotas ${organisation.of}: pague ${organisation.to}.`);
        expect(renderHtml('Sócio de {associacao}', data)).toBe(`Sócio ${organisation.of}`);
      });
    });
  }
});
