import type { ReactNode } from 'react';
import { EmptyState } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { Heading } from './parts.js';
import { Panel } from '../shell/styles.js';

/**
 * A page of a module the server may not offer: its title and an honest statement instead. With
 * `off`, the module is offered but turned off by a setting: that statement, and nothing asked of
 * the server.
 */
export function Served({ title, resource, off, children }: { title: string; resource?: string; off?: string; children: ReactNode }) {
  const { core } = useHost();
  const served = useValue(core.explainer.resources);
  const offered = resource === undefined || Boolean(served[resource]);
  if (offered && !off) return <>{children}</>;
  return (
    <>
      <Heading title={title} />
      <Panel data-module-unavailable={resource}>
        <EmptyState message={off ?? `O módulo “${title}” ainda não está disponível neste servidor.`} />
      </Panel>
    </>
  );
}
