// Every page printed from the back office (a statement, a list, a report) opens with the
// organisation's letterhead: its name, NIF and address from the settings the client already
// holds, and the day it is printed. Only on paper: on screen the top navigation names the
// organisation. The PDFs the server draws carry the same head (src/server/pdf/letterhead.ts).
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Clock } from '../../core/clock.js';
import { ISSUER_SETTINGS } from '../../core/issuer.js';
import { LOGO_SETTING, SETUP_PATHS } from '../../core/setup.js';
import { space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';

const Head = styled.div`
  display: none;
  @media print {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: ${space(2)};
    margin: 0 0 ${space(2)};
    padding: 0 0 ${space(1)};
    border-bottom: 1px solid #1f4e79;
    color: #000;
    font-size: 0.75rem;
    line-height: 1.4;
  }
  strong {
    display: block;
    color: #1f4e79;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  img {
    max-width: 40mm;
    max-height: 18mm;
    object-fit: contain;
  }
`;

const Issuer = styled.div`
  display: flex;
  gap: ${space(2)};
  align-items: flex-start;
`;

// The day in Lisbon as people in Portugal write it (dd/mm/aaaa).
const LISBON_DAY = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' });
const lisbonDay = (ms: number): string => LISBON_DAY.format(new Date(ms));

/** The printed day, read again as the print dialog opens (a page left open overnight prints today's). */
function usePrintDay(clock: Clock): string {
  const [day, setDay] = useState(() => lisbonDay(clock.now()));
  useEffect(() => {
    const refresh = () => setDay(lisbonDay(clock.now()));
    window.addEventListener('beforeprint', refresh);
    return () => window.removeEventListener('beforeprint', refresh);
  }, [clock]);
  return day;
}

/** The letterhead of printed pages; nothing while the organisation's name is not known yet. */
export function PrintLetterhead() {
  const host = useHost();
  const { settings, clock } = host.core;
  const organisation = useValue(host.organisation);
  const items = useValue(settings.items);
  const day = usePrintDay(clock);
  if (!organisation) return null;
  const value = (name: string) => items.find((s) => s.name === name)?.value?.trim() ?? '';
  const nif = value(ISSUER_SETTINGS.nif);
  const address = value(ISSUER_SETTINGS.address);
  // The file's id in the address: a new logo is a new address, never the one the browser cached.
  const logo = value(LOGO_SETTING);
  return (
    <Head data-print-letterhead>
      <Issuer>
        {logo && <img src={`${host.core.http.api}/${SETUP_PATHS.logo}?v=${encodeURIComponent(logo)}`} alt="" data-print-logo />}
        <div>
          <strong>{organisation}</strong>
          {nif && <p>NIF {nif}</p>}
          {address && <p>{address}</p>}
        </div>
      </Issuer>
      <p>Impresso em {day}</p>
    </Head>
  );
}
