// Beside the treasury's settings and where documents are issued: a warning while the
// organisation's NIF or address is empty, since every receipt freezes its issuer as it is.
// It links to where they are filled in, and blocks nothing.
import { useEffect } from 'react';
import { ISSUER_SETTINGS, missingIssuerWarning } from '../../../core/issuer.js';
import { useSignalValue } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { useCore } from '../../feature-kit/use-core.js';

interface IssuerWarningProps {
  /** Where the organisation's settings are edited (the host's users and organisation page). */
  settingsPath?: string;
}

export function IssuerWarning({ settingsPath }: IssuerWarningProps) {
  const core = useCore();
  const items = useSignalValue(core.settings.items);
  const loaded = useSignalValue(core.settings.loaded);
  useEffect(() => {
    core.settings.ensure().catch(() => undefined);
  }, [core]);
  const find = (name: string) => items.find((s) => s.name === name)?.value;
  const warning = loaded ? missingIssuerWarning(find(ISSUER_SETTINGS.nif), find(ISSUER_SETTINGS.address)) : null;
  if (!warning) return null;
  return (
    <Notice tone="warning">
      <p>{warning}</p>
      {settingsPath && (
        <p>
          <NavLink path={settingsPath}>Abrir a configuração da organização</NavLink>
        </p>
      )}
    </Notice>
  );
}
