// Beside the application's data: its photo and documents (SPEC 7's lists, short-lived signed
// addresses) and the members or applications it may repeat, for staff to compare side by side.
// While the application is under review staff may add, replace and delete its files (the
// member page's part); once decided they are shown as they were.
import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { RESOURCE, type ApiRecord } from '../../../core/index.js';
import type { ApplicationDuplicate } from '../../../core/modules/applications.js';
import { Button, space, token, useQuery } from '../../../widgets/kit/index.js';
import { fetchImage, openPdf } from '../../../widgets/shared/download.js';
import { useHost, useValue } from '../../context.js';
import { pathOf } from '../../routes.js';
import { APPLICATIONS_TEXTS as T } from './texts.js';

// The crop canvas and upload parts come with the member page's chunk, loaded when needed.
const OwnerFiles = lazy(async () => ({ default: (await import('../member-files.js')).OwnerFiles }));

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${space(2)};
  margin-top: ${space(2)};
  h2 {
    font-size: 1.05rem;
    margin: 0 0 ${space(1)};
  }
  img {
    max-width: 12rem;
    aspect-ratio: 3 / 4;
    object-fit: cover;
    border: 1px solid ${token('color-border')};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;

interface PhotoView extends ApiRecord {
  url: string | null;
  thumbUrl: string | null;
}

interface DocumentView extends ApiRecord {
  url: string | null;
  originalName: string;
}

const list = <T,>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** The photo behind its short-lived address, fetched with the session's token (an <img> cannot send it), as a blob: address. */
function usePhotoSource(url: string | null | undefined): string | null {
  const { core } = useHost();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return setSrc(null);
    let address: string | null = null;
    let live = true;
    fetchImage(core, url).then(
      (blob) => {
        address = URL.createObjectURL(blob);
        if (live) setSrc(address);
      },
      () => live && setSrc(null),
    );
    return () => {
      live = false;
      if (address) URL.revokeObjectURL(address);
    };
  }, [core, url]);
  return src;
}

const resources = [RESOURCE.memberApplications];

/** A decided application's photo and documents, as they were (an accepted one's are its member's now). */
function StoredFiles({ id }: { id: string }) {
  const { core } = useHost();
  const photos = useQuery<PhotoView[]>(core.queries, { path: `${RESOURCE.memberApplications}/${id}/member_application_photos`, resources });
  const documents = useQuery<DocumentView[]>(core.queries, { path: `${RESOURCE.memberApplications}/${id}/pdf_documents`, resources });
  const photo = list<PhotoView>(photos.data)[0];
  const photoSrc = usePhotoSource(photo?.thumbUrl ?? photo?.url);
  const docs = list<DocumentView>(documents.data);
  return (
    <>
      <section data-photo>
        <h2>{T.photo}</h2>
        {photoSrc ? <img src={photoSrc} alt={T.photo} /> : <p>{T.noPhoto}</p>}
      </section>
      <section data-documents>
        <h2>{T.documents}</h2>
        {docs.length === 0 ? (
          <p>{T.noDocuments}</p>
        ) : (
          <ul>
            {docs.map((d) => (
              <li key={String(d._id)}>
                {d.url ? (
                  <Button variant="secondary" onClick={() => void openPdf(core, d.url!, d.originalName)}>
                    {d.originalName}
                  </Button>
                ) : (
                  d.originalName
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * `open`: under review, its files may change; undefined while the application is loading.
 * `accepted`: its files went to the member the accept made.
 */
export function Evidence({ id, open, accepted }: { id: string; open: boolean | undefined; accepted: boolean }) {
  const { core, routes } = useHost();
  const routeTable = useValue(routes);
  const duplicates = useQuery<ApplicationDuplicate[]>(core.queries, { path: `${RESOURCE.memberApplications}/${id}/duplicates`, resources });
  const twins = list<ApplicationDuplicate>(duplicates.data);
  const href = (d: ApplicationDuplicate) => pathOf(routeTable, d.source === 'member' ? 'membersEdit' : 'memberApplicationsEdit', { id: d.id });

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <OwnerFiles of="application" id={id} />
        </Suspense>
      )}
      <Columns>
        {open === false &&
          (accepted ? (
            <section data-files-moved>
              <h2>{T.photoAndDocuments}</h2>
              <p>{T.filesMoved}</p>
            </section>
          ) : (
            <StoredFiles id={id} />
          ))}
        <section data-duplicates>
          <h2>{T.duplicates}</h2>
          {twins.length === 0 ? (
            <p>{T.noDuplicates}</p>
          ) : (
            <ul>
              {twins.map((d) => (
                <li key={`${d.source}-${d.id}-${d.reason}`}>
                  {T.reasons[d.reason]}: <Link href={href(d)}>{d.name}</Link> ({d.source === 'member' ? T.member(d.number) : `${T.application}${d.state ? `, ${d.state}` : ''}`})
                </li>
              ))}
            </ul>
          )}
        </section>
      </Columns>
    </>
  );
}
