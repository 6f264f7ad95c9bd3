// What each step of the checklist shows: the settings it sets (the settings form itself, with
// those names), what the server has (read-only), its test, and links to the pages that do more.
import { createElement, useEffect, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../../core/index.js';
import { SETUP_PATHS, type SetupAnswer, type SetupStep, type SetupTestResult } from '../../../core/setup.js';
import { Button, space, token, useAction, useApiBase, useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { LogoField } from './logo-field.js';
import { SETUP_TEXTS as T } from './texts.js';

/** Page paths by route name (feeSettings, membersImport, membersNew, dataSettings, messageSettings, memberSettings). */
export type SetupPaths = Record<string, string>;

const Hint = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${space(0.5)} ${space(2)};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0;
`;

const Outcome = styled.p<{ $ok: boolean }>`
  margin: 0;
  padding: ${space(1)};
  border-radius: ${token('radius')};
  background: ${({ $ok }) => ($ok ? token('color-surface') : token('color-danger-surface'))};
  color: ${({ $ok }) => ($ok ? token('color-text') : token('color-danger'))};
`;

/**
 * <associa-settings-form names="…"> inside this element, with its `api`: the settings are edited
 * and checked exactly as on their own pages. Its module is loaded on first use.
 */
function SettingsSlot({ names }: { names: string }) {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get('associa-settings-form')) void import('../../settings-form/element.js');
  }, []);
  return createElement('associa-settings-form', { names, api: api ?? DEFAULT_API });
}

/** A button running one of the checklist's tests, and what it answered (a live region). */
function TestButton({ path, label, name }: { path: string; label: string; name: string }) {
  const core = useCore();
  const action = useAction<SetupTestResult>(core.queries, path, { invalidates: ['setup', 'settings', 'messages'] });
  const [result, setResult] = useState<SetupTestResult | null>(null);
  const run = async () => {
    setResult(null);
    try {
      setResult(await action.run({}));
    } catch (error) {
      setResult({ ok: false, message: describeFailure(error) });
    }
  };
  return (
    <>
      <div>
        <Button onClick={() => void run()} disabled={action.pending} data-test={name}>
          {action.pending ? T.testing : label}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {result && (
          <Outcome $ok={result.ok} data-test-result={result.ok ? 'ok' : 'failed'}>
            {result.message}
          </Outcome>
        )}
      </div>
    </>
  );
}

const LinkTo = ({ paths, route, label }: { paths: SetupPaths; route: string; label: string }) =>
  paths[route] ? (
    <NavLink path={paths[route]} data-link={route}>
      {label}
    </NavLink>
  ) : null;

export function StepBody({ step, answer, paths }: { step: SetupStep; answer: SetupAnswer; paths: SetupPaths }) {
  const core = useCore();
  const words = useSignalValue(core.terminology.terminology);
  const singular = words?.memberSingular ?? 'Sócio';
  const plural = words?.memberPlural ?? 'Sócios';
  switch (step.key) {
    case 'identity':
      return (
        <>
          <Hint>{T.identityHint}</Hint>
          <SettingsSlot names="name,nameArticle,orgNif,orgAddress,orgType,memberSingular,memberPlural" />
          <LogoField present={answer.logo} />
        </>
      );
    case 'fees':
      return (
        <>
          <Hint>{T.feesHint}</Hint>
          <Links>
            <LinkTo paths={paths} route="feeSettings" label={T.feesLink} />
          </Links>
        </>
      );
    case 'mail': {
      const { mail } = answer;
      return (
        <>
          <Hint>{T.mailHint}</Hint>
          {/* The server's SMTP address and sender (read-only settings it writes at start) and whether sending is on. */}
          <SettingsSlot names="mailServer,mailFrom,SendMessages" />
          <Facts>
            <dt>{T.mailRecipient}</dt>
            <dd>{mail.recipient ?? T.mailNoRecipient}</dd>
          </Facts>
          <TestButton path={SETUP_PATHS.testMessage} label={T.mailTest} name="message" />
          <Links>
            <LinkTo paths={paths} route="messageSettings" label={T.mailSettings} />
          </Links>
        </>
      );
    }
    case 'payments': {
      const { payments } = answer;
      const methods = payments.methods.map((method) => T.methodNames[method] ?? method);
      return (
        <>
          <Hint>{T.paymentsHint}</Hint>
          <SettingsSlot names="associationIban" />
          <Facts>
            <dt>{T.provider}</dt>
            <dd data-provider={payments.provider ?? 'none'}>{T.providers[payments.provider ?? 'none']}</dd>
            <dt>{T.methods}</dt>
            <dd>{methods.length > 0 ? methods.join(', ') : T.noMethods}</dd>
          </Facts>
          <TestButton path={SETUP_PATHS.testProvider} label={T.providerTest} name="provider" />
          <Links>
            <LinkTo paths={paths} route="memberSettings" label={T.providerSettings} />
          </Links>
        </>
      );
    }
    case 'members':
      return (
        <>
          <Hint>{T.membersHint(plural)}</Hint>
          <Links>
            <LinkTo paths={paths} route="membersImport" label={T.membersImport(plural)} />
            <LinkTo paths={paths} route="membersNew" label={T.membersNew(singular)} />
          </Links>
        </>
      );
    case 'backups':
      return (
        <>
          <Hint>{T.backupsHint}</Hint>
          <Links>
            <LinkTo paths={paths} route="dataSettings" label={T.backupsLink} />
          </Links>
        </>
      );
  }
}
