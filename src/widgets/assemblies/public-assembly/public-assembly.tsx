import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../../core/constants.js';
import { publicHttp } from '../../../core/public-http.js';
// The kit's modules by their own paths, not its index, which would load the whole core.
import { Button } from '../../kit/button.js';
import { useApiBase } from '../../kit/element-context.js';
import { Loading } from '../../kit/loading.js';
import { space, token } from '../../kit/tokens.js';
import { longDay, readNextAssembly, type NextAssembly } from './next-assembly.js';
import { PUBLIC_ASSEMBLY_TEXTS as T } from './texts.js';

const Box = styled.article`
  max-width: 40rem;
  padding: ${space(3)};
  color: ${token('color-text')};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-left: 4px solid ${token('color-primary')};
  border-radius: ${token('radius')};
  h2 {
    margin: 0 0 ${space(0.5)};
    font-size: 1.35em;
  }
  h3 {
    margin: ${space(2)} 0 ${space(1)};
    font-size: 1em;
  }
  ol {
    margin: 0;
    padding-left: 1.5em;
  }
  li + li {
    margin-top: ${space(0.5)};
  }
`;

const Kind = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
`;

const When = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${space(0.75)} ${space(2)};
  margin: 0;
  dt {
    color: ${token('color-text-muted')};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Message = styled.div`
  display: grid;
  gap: ${space(1)};
  justify-items: start;
  p {
    margin: 0;
  }
`;

/** The next convened assembly of the association, for its own website: date, time, place and agenda only. Needs no login. */
export function PublicAssembly() {
  const api = useApiBase() ?? DEFAULT_API;
  const http = useMemo(() => publicHttp(api), [api]);
  const [result, setResult] = useState<NextAssembly | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setResult('loading');
    readNextAssembly(http).then(
      (answer) => live && setResult(answer),
      () => live && setResult('failed'),
    );
    return () => {
      live = false;
    };
  }, [http, attempt]);

  const retry = <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>{T.retry}</Button>;
  let body;
  if (result === 'loading') body = <Loading />;
  else if (result === 'failed')
    body = (
      <Message role="alert">
        <p>{T.failed}</p>
        {retry}
      </Message>
    );
  else if (result.kind === 'none')
    body = (
      <Message data-none>
        <p>{T.none}</p>
      </Message>
    );
  else if (result.kind === 'too-many')
    body = (
      <Message role="alert">
        <p>{result.message ?? T.tooMany}</p>
        {retry}
      </Message>
    );
  else {
    const { assembly } = result;
    body = (
      <div data-assembly>
        <h2>{assembly.title}</h2>
        <Kind>{T.kinds[assembly.kind] ?? T.heading}</Kind>
        <When>
          <dt>{T.date}</dt>
          <dd data-date>{longDay(assembly.date)}</dd>
          <dt>{T.time}</dt>
          <dd data-time>{assembly.time}</dd>
          {assembly.place && (
            <>
              <dt>{T.place}</dt>
              <dd data-place>{assembly.place}</dd>
            </>
          )}
          {assembly.online_link && (
            <>
              <dt>{T.online}</dt>
              <dd>
                <a href={assembly.online_link} target="_blank" rel="noopener noreferrer" data-online-link>
                  {T.onlineLink}
                </a>
              </dd>
            </>
          )}
        </When>
        {assembly.agenda.length > 0 && (
          <>
            <h3>{T.agenda}</h3>
            <ol data-agenda>
              {assembly.agenda.map((title, index) => (
                <li key={index}>{title}</li>
              ))}
            </ol>
          </>
        )}
      </div>
    );
  }
  return (
    <Box aria-label={T.heading} aria-busy={result === 'loading'}>
      {body}
    </Box>
  );
}
