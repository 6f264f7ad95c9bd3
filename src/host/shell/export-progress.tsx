import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, space } from '../../widgets/kit/index.js';
import { LIST_COMMANDS, type ExportProgressDetail } from '../../widgets/shared/commands.js';
import { ProgressBar } from './styles.js';
import { SHELL_TEXTS } from './texts.js';

const Box = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  font-size: 0.875rem;
  progress {
    width: 8rem;
    margin: 0;
  }
`;

/** The toolbar's view of the page list's CSV export: pages read of how many, and a way to stop it. */
export function ExportProgressView({ resource }: { resource: string }) {
  const [progress, setProgress] = useState<ExportProgressDetail | null>(null);
  useEffect(() => {
    const onProgress = (event: CustomEvent<ExportProgressDetail>) => {
      if (event.detail.resource === resource) setProgress(event.detail.done ? null : event.detail);
    };
    document.addEventListener('associa-export-progress', onProgress);
    return () => {
      document.removeEventListener('associa-export-progress', onProgress);
      setProgress(null);
    };
  }, [resource]);

  if (!progress) return null;
  const text = SHELL_TEXTS.exportProgress(progress.pages, progress.total);
  return (
    <Box data-toolbar="export-progress">
      {/* Without a total yet, the bar is indeterminate. */}
      <ProgressBar aria-label={text} value={progress.total === null ? undefined : progress.pages} max={progress.total ?? undefined} />
      <span role="status">{text}</span>
      <Button variant="secondary" onClick={() => document.dispatchEvent(new CustomEvent(LIST_COMMANDS.cancelExport, { detail: { resource } }))}>
        {SHELL_TEXTS.cancelExport}
      </Button>
    </Box>
  );
}
