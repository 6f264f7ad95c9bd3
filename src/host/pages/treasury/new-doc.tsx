// /tesouraria/novo: a donation (recorded with its donor, which issues its donation receipt at
// once) or a receipt: recording a payment issues its receipt, payments without one get theirs
// from "Vários documentos", and money received outside the ledger gets a manual receipt.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Terminology } from '../../../core/index.js';
import { ElementSlot } from '../../elements/element-slot.js';
import { useHost } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { Panel, SecondaryRouteLink } from '../../shell/styles.js';
import { Buttons } from '../collecting/layout.js';
import { DONATIONS } from './api.js';
import { ManualReceipt } from './manual-receipt.js';
import { TREASURY_TEXTS as T } from './texts.js';

type Kind = 'donation' | 'receipt';

/** Once the donation is saved, its receipt's page opens. */
function useOpenReceipt(box: React.RefObject<HTMLDivElement | null>, routes: readonly RouteDef[]) {
  const { core } = useHost();
  const [, navigate] = useLocation();
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const onSaved = (event: CustomEvent<{ resource: string; id: string }>) => {
      if (event.detail?.resource !== DONATIONS) return;
      core.http.get<{ data: { receipt: number | null } }>(`${DONATIONS}/${encodeURIComponent(event.detail.id)}`).then(
        (res) => {
          const receipt = res.data.data.receipt;
          if (receipt !== null) navigate(pathOf(routes, 'treasuryDocsEdit', { id: receipt }), { replace: true });
        },
        () => undefined,
      );
    };
    node.addEventListener('associa-saved', onSaved);
    return () => node.removeEventListener('associa-saved', onSaved);
  }, [box, core, navigate, routes]);
}

export function NewTreasuryDoc({ routes, words }: { routes: readonly RouteDef[]; words: Terminology }) {
  const [kind, setKind] = useState<Kind>('donation');
  const box = useRef<HTMLDivElement>(null);
  useOpenReceipt(box, routes);
  return (
    <Panel ref={box}>
      <fieldset>
        <legend>{T.newKind}</legend>
        <Buttons>
          {(['donation', 'receipt'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="treasury-new-kind" value={value} checked={kind === value} onChange={() => setKind(value)} /> {value === 'donation' ? T.newDonation : T.newManual}
            </label>
          ))}
        </Buttons>
      </fieldset>
      {kind === 'donation' ? (
        <>
          <p>{T.donationHint}</p>
          <ElementSlot tag="associa-resource-form" attrs={{ resource: DONATIONS }} />
        </>
      ) : (
        <>
          <p>{T.manualHint}</p>
          <Buttons>
            <SecondaryRouteLink href={pathOf(routes, 'paymentsNew')}>{T.recordPayment}</SecondaryRouteLink>
            <SecondaryRouteLink href={pathOf(routes, 'treasuryDocsMultiple')}>{T.issueMissing}</SecondaryRouteLink>
          </Buttons>
          <ManualReceipt routes={routes} words={words} />
        </>
      )}
    </Panel>
  );
}
