import type { ReactNode } from 'react';
import { EmptyState } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { Heading } from './parts.js';
import { Panel } from '../shell/styles.js';

/** A page of a module the server may not offer: its title and an honest statement instead. */
export function Served({ title, resource, children }: { title: string; resource: string; children: ReactNode }) {
  const { core } = useHost();
  if (useValue(core.explainer.resources)[resource]) return <>{children}</>;
  return (
    <>
      <Heading title={title} />
      <Panel data-module-unavailable={resource}>
        <EmptyState message={`O módulo “${title}” ainda não está disponível neste servidor.`} />
      </Panel>
    </>
  );
}
