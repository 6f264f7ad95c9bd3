// /tesouraria/novo: a donation (recorded with its donor, which issues its donation receipt at
// once) or a receipt: recording a payment issues its receipt, payments without one get theirs
// from "Vários documentos", and money received outside the ledger gets a manual receipt.
import { createElement, useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_API } from '../../../core/index.js';
import { useApiBase } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { NavLink, useNavigate } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { DONATIONS } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';
import { ManualReceipt } from './manual-receipt.js';

type Kind = 'donation' | 'receipt';

/** Once the donation is saved, its receipt's page opens (`docPath` with its ':id'). */
function useOpenReceipt(box: RefObject<HTMLDivElement | null>, docPath: string | undefined) {
  const core = useCore();
  const navigate = useNavigate();
  useEffect(() => {
    const node = box.current;
    if (!node || !docPath) return;
    const onSaved = (event: CustomEvent<{ resource: string; id: string }>) => {
      if (event.detail?.resource !== DONATIONS) return;
      core.http.get<{ data: { receipt: number | null } }>(`${DONATIONS}/${encodeURIComponent(event.detail.id)}`).then(
        (res) => {
          const receipt = res.data.data.receipt;
          if (receipt !== null) navigate(pathWith(docPath, { id: receipt }), true);
        },
        () => undefined,
      );
    };
    node.addEventListener('associa-saved', onSaved);
    return () => node.removeEventListener('associa-saved', onSaved);
  }, [box, core, navigate, docPath]);
}

/**
 * The donations' form, <associa-resource-form> inside this element with its `api`: its module is
 * loaded on first use (the same file the host loads), not carried in this one.
 */
function DonationForm() {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get('associa-resource-form')) void import('../../resource-form/element.js');
  }, []);
  return createElement('associa-resource-form', { resource: DONATIONS, api: api ?? DEFAULT_API });
}

export interface NewTreasuryDocProps {
  /** A document's page, its ':id' left in (`/tesoouraria/:id`): where an issued document opens. */
  docPath?: string;
  /** The new payment page (`/quotas/pagamentos/novo`). */
  newPaymentPath?: string;
  /** The page that issues the receipts payments lack (`/tesouraria/multiplos`). */
  multiplePath?: string;
}

export function NewTreasuryDoc({ docPath, newPaymentPath, multiplePath }: NewTreasuryDocProps) {
  const [kind, setKind] = useState<Kind>('donation');
  const box = useRef<HTMLDivElement>(null);
  useOpenReceipt(box, docPath);
  return (
    <div ref={box} data-new-treasury-doc>
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
          <DonationForm />
        </>
      ) : (
        <>
          <p>{T.manualHint}</p>
          <Buttons>
            {newPaymentPath && <NavLink path={newPaymentPath}>{T.recordPayment}</NavLink>}
            {multiplePath && <NavLink path={multiplePath}>{T.issueMissing}</NavLink>}
          </Buttons>
          <ManualReceipt docPath={docPath} />
        </>
      )}
    </div>
  );
}
