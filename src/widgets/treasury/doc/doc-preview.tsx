// A treasury document's PDF as issued, embedded on its page: fetched (with the session's token)
// only once the preview scrolls near the view, shown through a blob: address, released on leave.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { space, token } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { fetchPdf } from '../../shared/download.js';
import { DOCS } from '../api.js';
import { TREASURY_TEXTS } from '../texts.js';
import { DOC_TEXTS as T } from './doc-texts.js';

const Box = styled.div`
  min-height: 8rem;
  @media print {
    display: none;
  }
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(80vh, 60rem);
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Waiting = styled.p`
  margin: 0;
  padding: ${space(2)};
  color: ${token('color-text-muted')};
`;

type Preview = { phase: 'waiting' } | { phase: 'ready'; href: string } | { phase: 'failed'; text: string };

/** True once `box` has come within a screen of the view (at once where the browser cannot tell). */
function useNearView(box: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, near]);
  return near;
}

export function DocPreview({ docId, number }: { docId: number; number: string }) {
  const core = useCore();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearView(box);
  const [preview, setPreview] = useState<Preview>({ phase: 'waiting' });

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    let href: string | null = null;
    fetchPdf(core, `${core.api}/${DOCS}/${docId}/pdf`).then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setPreview({ phase: 'ready', href });
      },
      (e: unknown) => live && setPreview({ phase: 'failed', text: describeFailure(e, TREASURY_TEXTS.pdfFailed) }),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [core, docId, near]);

  return (
    <Box ref={box} data-doc-preview={preview.phase}>
      {preview.phase === 'ready' && <Frame src={preview.href} title={T.previewTitle(number)} />}
      {preview.phase === 'waiting' && <Waiting>{T.previewLoading}</Waiting>}
      {preview.phase === 'failed' && (
        <Notice tone="error">
          <p>{preview.text}</p>
        </Notice>
      )}
    </Box>
  );
}
