// Finding one member by name or number, for the elements that act on a chosen member (a stage's
// preview, a statement line matched by hand, a payment recorded for someone).
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Member } from '../../core/records.js';
import { Button, Input, Label, Loading, space, token, useQuery } from '../kit/index.js';
import { useDebounced } from '../shared/use-debounced.js';
import { useCore } from './use-core.js';

const MEMBER_PICKER_TEXTS = {
  pickMember: (singular: string) => `Escolha o ${singular.toLowerCase()}`,
  searchMember: 'Nome ou número',
  searchHint: 'Escreva pelo menos 2 letras do nome, ou o número.',
  noMatch: 'Nenhum resultado.',
  searchFailed: 'Não foi possível procurar.',
  choose: (number: string, name: string) => `N.º ${number} — ${name}`,
} as const;

const T = MEMBER_PICKER_TEXTS;
const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 10;

const Box = styled.div`
  display: grid;
  gap: ${space(1)};
  max-width: 32rem;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${token('color-text-muted')};
`;

const Results = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  li + li {
    border-top: 1px solid ${token('color-border')};
  }
  button {
    width: 100%;
    justify-content: flex-start;
    border: none;
    border-radius: 0;
  }
`;

/** A number is looked up exactly; words go to the members' search (name, e-mail, NIF...). */
function searchParams(term: string): Record<string, string | number> | null {
  const text = term.trim();
  if (/^\d+$/.test(text)) return { _page: 1, _limit: RESULTS, _number: text };
  if (text.length < 2) return null;
  return { _page: 1, _limit: RESULTS, _search: text, _sort: 'name' };
}

/** Finds a member by name or number and hands the chosen one back. `singular`: the terminology's word ("Sócio"). */
export function MemberPicker({ singular, onPick }: { singular: string; onPick(member: Member): void }) {
  const core = useCore();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const apply = useDebounced(setTerm, SEARCH_DEBOUNCE_MS);
  const params = searchParams(term);
  const found = useQuery<Member[]>(core.queries, params ? { path: 'members', params } : null);
  const members = Array.isArray(found.data) ? found.data : [];

  let results = null;
  if (params && found.status === 'failed') results = <Hint role="alert">{T.searchFailed}</Hint>;
  else if (params && found.status === 'loading') results = <Loading />;
  else if (params && found.status === 'loaded' && members.length === 0) results = <Hint role="status">{T.noMatch}</Hint>;
  else if (params && members.length > 0)
    results = (
      <Results aria-label={T.pickMember(singular)}>
        {members.map((member) => (
          <li key={member._id}>
            <Button variant="secondary" onClick={() => onPick(member)}>
              {T.choose(String(member.number), member.name)}
            </Button>
          </li>
        ))}
      </Results>
    );

  return (
    <Box data-member-picker>
      <Label htmlFor={id}>{T.pickMember(singular)}</Label>
      <Hint id={`${id}-hint`}>{T.searchHint}</Hint>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        placeholder={T.searchMember}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          apply(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply.flush();
        }}
      />
      {results}
    </Box>
  );
}
