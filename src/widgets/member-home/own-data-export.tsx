import { useState } from 'react';
import { Button, ErrorState, space } from '../kit/index.js';
import styled from 'styled-components';
import { useCore } from '../feature-kit/use-core.js';
import { downloadFile } from '../shared/download.js';
import { HomeSection, SectionLead } from './section.js';
import { MEMBER_HOME_TEXTS } from './texts.js';

const T = MEMBER_HOME_TEXTS.ownData;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
`;

const FORMATS = [
  { format: 'json', label: T.json, accept: 'application/json' },
  { format: 'csv', label: T.csv, accept: 'text/csv' },
] as const;

/** RGPD access: the member downloads everything kept about them (GET members/{id}/export). */
export function OwnDataExport({ memberId, number }: { memberId: number; number: number | undefined }) {
  const core = useCore();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (format: string, accept: string) => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(core, `${core.api}/members/${memberId}/export?format=${format}`, `os-meus-dados-${number ?? memberId}.${format}`, accept);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HomeSection id="own-data" title={T.title}>
      <SectionLead>{T.lead}</SectionLead>
      <Buttons>
        {FORMATS.map(({ format, label, accept }) => (
          <Button key={format} variant="secondary" disabled={busy} data-export={format} onClick={() => void download(format, accept)}>
            {label}
          </Button>
        ))}
      </Buttons>
      {failed && <ErrorState message={T.failed} />}
    </HomeSection>
  );
}
