// SEPA direct debit, the batches: "Preparar lote" (for staff the server lets prepare one), the
// batches' list and the way to the mandates (generic lists and forms the host places).
import { ResourceListSlot } from '../../feature-kit/resource-list-slot.js';
import { Section, SecondaryNavLink } from '../../feature-kit/section.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { Buttons } from '../layout.js';
import { BATCHES } from '../sepa.js';
import { COLLECTING_TEXTS as T } from '../texts.js';
import { PrepareBatch } from './prepare-batch.js';

const BATCH_COLUMNS = 'collection_date,state,item_count,total,created_at';

export interface DirectDebitProps {
  /** A batch's page, its ':id' filled in by the element: '/quotas/debitoDireto/lotes/:id'. */
  batchPath?: string;
  /** The mandates' list page; absent, no link to it. */
  mandatesPath?: string;
}

export function DirectDebit({ batchPath, mandatesPath }: DirectDebitProps) {
  const core = useCore();
  // The explainer lists the actions this caller may take: "Preparar lote" only where it is one.
  const mayPrepare = (useExplainerResource(core, BATCHES).entry?.actions ?? []).some((action) => action.name === 'prepare');
  return (
    <Section title={T.batches} data-collecting-list={BATCHES}>
      {mandatesPath && (
        <Buttons>
          <SecondaryNavLink path={mandatesPath}>{T.mandates}</SecondaryNavLink>
        </Buttons>
      )}
      {mayPrepare && batchPath && <PrepareBatch batchPath={batchPath} />}
      <ResourceListSlot resource={BATCHES} edit-path={batchPath} label={T.batches} columns={BATCH_COLUMNS} external-actions="true" />
    </Section>
  );
}
