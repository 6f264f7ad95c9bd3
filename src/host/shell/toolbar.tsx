import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, PHONE, space, token, VisuallyHidden } from '../../widgets/kit/index.js';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, isStaffRole } from '../../core/index.js';
import { useHost, useValue } from '../context.js';
import { ExportProgressView } from './export-progress.js';
import { useListOnPage } from './list-on-page.js';
import { supportHref } from './support-link.js';
import { SHELL_TEXTS } from './texts.js';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  @media ${PHONE} {
    flex-basis: 100%;
    &[data-folded='true'] {
      display: none;
    }
  }
`;

// On a phone the toolbar folds behind this button, so the page starts near the top.
const FoldButton = styled(Button)`
  display: none;
  @media ${PHONE} {
    display: inline-flex;
    min-height: 2rem;
    padding: 0 ${space(1.25)};
    font-size: 0.875rem;
  }
`;

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${space(0.5)};
`;

const Size = styled.span`
  min-width: 3.2rem;
  text-align: center;
  font-size: 0.8125rem;
  color: ${token('color-text-muted')};
  font-variant-numeric: tabular-nums;
`;

const SupportLink = styled.a`
  font-size: 0.875rem;
  font-weight: 600;
  padding: ${space(1)};
`;

const Small = styled(Button)`
  min-height: 2rem;
  padding: 0 ${space(1.25)};
  font-size: 0.875rem;
`;

/** Tells the page's <associa-resource-list> to export or open its column chooser. */
function command(name: 'associa-export' | 'associa-columns', resource: string) {
  document.dispatchEvent(new CustomEvent(name, { detail: { resource } }));
}

/** SPEC 2 toolbar: export results, column settings, font zoom, technical support (staff). */
export function Toolbar() {
  const host = useHost();
  const { core } = host;
  const list = useListOnPage();
  const fontSize = useValue(core.preferences.fontSize);
  const role = useValue(host.role);
  const claims = useValue(core.session.claims);
  const user = useValue(core.session.user);
  const orgType = useValue(core.settings.orgType);
  useValue(core.settings.items);
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();

  return (
    <>
      <FoldButton variant="secondary" aria-expanded={unfolded} aria-controls={id} onClick={() => setUnfolded((u) => !u)} data-toolbar="fold">
        {SHELL_TEXTS.toolbar}
      </FoldButton>
      <Bar id={id} role="toolbar" aria-label={SHELL_TEXTS.toolbar} data-folded={!unfolded}>
        {list && (
          <Group>
            <Small variant="secondary" onClick={() => command('associa-export', list)} data-toolbar="export">
              {SHELL_TEXTS.exportResults}
            </Small>
            <Small variant="secondary" onClick={() => command('associa-columns', list)} data-toolbar="columns">
              {SHELL_TEXTS.columnSettings}
            </Small>
            <ExportProgressView resource={list} />
          </Group>
        )}
        <Group>
          <Small variant="secondary" onClick={core.preferences.zoomOut} disabled={fontSize <= FONT_SIZE_MIN} title={SHELL_TEXTS.zoomOut}>
            {/* The accessible name starts with the visible text, so voice control finds it. */}
            A−<VisuallyHidden> {SHELL_TEXTS.zoomOut}</VisuallyHidden>
          </Small>
          <Size role="status">
            <span aria-hidden="true">{fontSize} px</span>
            <VisuallyHidden>{SHELL_TEXTS.fontSize(fontSize)}</VisuallyHidden>
          </Size>
          <Small variant="secondary" onClick={core.preferences.zoomIn} disabled={fontSize >= FONT_SIZE_MAX} title={SHELL_TEXTS.zoomIn}>
            A+<VisuallyHidden> {SHELL_TEXTS.zoomIn}</VisuallyHidden>
          </Small>
        </Group>
        {isStaffRole(role) && claims && (
          <SupportLink
            href={supportHref({ orgType, claims, user, supportUrl: core.settings.get('supportUrl') })}
            target="_blank"
            rel="noopener"
            data-toolbar="support"
          >
            {SHELL_TEXTS.support}
          </SupportLink>
        )}
      </Bar>
    </>
  );
}
