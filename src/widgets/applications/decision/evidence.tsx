// Beside the application's data: its photo and documents (SPEC 7's lists, short-lived signed
// addresses) and the members or applications it may repeat, for staff to compare side by side.
// While the application is under review staff may add, replace and delete its files (the
// member files element); once decided they are shown as they were.
import { createElement, useEffect, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_API, RESOURCE, type ApiRecord } from '../../../core/index.js';
import type { ApplicationDuplicate } from '../../../core/modules/applications.js';
import { Button, space, token, useApiBase, useQuery } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { fetchImage, openPdf } from '../../shared/download.js';
import { APPLICATIONS_TEXTS as T } from '../texts.js';

const RES = RESOURCE.memberApplications;
const resources = [RES];

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${space(2)};
  margin-top: ${space(2)};
  h2,
  h3 {
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
  const core = useCore();
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

/**
 * The application's files with upload, replace and delete: <associa-member-files> with this
 * element's `api`, its module loaded from its own entry on first use (the file the host loads
 * for a member's page), so this element does not carry it in its own bytes.
 */
function EditableFiles({ id }: { id: string }) {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get('associa-member-files')) void import('../../members/files/element.js');
  }, []);
  return createElement('associa-member-files', { resource: RES, 'record-id': id, api: api ?? DEFAULT_API });
}

/** A decided application's photo and documents, as they were (an accepted one's are its member's now). */
function StoredFiles({ id }: { id: string }) {
  const core = useCore();
  const one = `${RES}/${encodeURIComponent(id)}`;
  const photos = useQuery<PhotoView[]>(core.queries, { path: `${one}/member_application_photos`, resources });
  const documents = useQuery<DocumentView[]>(core.queries, { path: `${one}/pdf_documents`, resources });
  const photo = list<PhotoView>(photos.data)[0];
  const photoSrc = usePhotoSource(photo?.thumbUrl ?? photo?.url);
  const docs = list<DocumentView>(documents.data);
  return (
    <>
      <section data-photo>
        <h3>{T.photo}</h3>
        {photoSrc ? <img src={photoSrc} alt={T.photo} /> : <p>{T.noPhoto}</p>}
      </section>
      <section data-documents>
        <h3>{T.documents}</h3>
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

/** The application's photo and documents: to change while it is open, as they were once decided, or that they are its member's now. */
export function ApplicationFiles({ id, open, accepted }: { id: string; open: boolean | undefined; accepted: boolean }) {
  if (open) return <EditableFiles id={id} />;
  if (open === undefined) return null;
  return accepted ? (
    <p data-files-moved>{T.filesMoved}</p>
  ) : (
    <Columns>
      <StoredFiles id={id} />
    </Columns>
  );
}

export interface EvidenceProps {
  id: string;
  /** Under review, its files may change; undefined while the application is loading. */
  open: boolean | undefined;
  /** Its files went to the member the accept made. */
  accepted: boolean;
  /** A member's page, its ':id' left in. */
  memberPath?: string;
  /** An application's page, its ':id' left in. */
  applicationPath?: string;
}

export function Evidence({ id, open, accepted, memberPath, applicationPath }: EvidenceProps) {
  const core = useCore();
  const duplicates = useQuery<ApplicationDuplicate[]>(core.queries, { path: `${RES}/${encodeURIComponent(id)}/duplicates`, resources });
  const twins = list<ApplicationDuplicate>(duplicates.data);
  const pathOf = (d: ApplicationDuplicate) => {
    const pattern = d.source === 'member' ? memberPath : applicationPath;
    return pattern ? pathWith(pattern, { id: d.id }) : null;
  };

  return (
    <>
      {open && <EditableFiles id={id} />}
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
              {twins.map((d) => {
                const path = pathOf(d);
                return (
                  <li key={`${d.source}-${d.id}-${d.reason}`}>
                    {T.reasons[d.reason]}: {path ? <NavLink path={path}>{d.name}</NavLink> : d.name} (
                    {d.source === 'member' ? T.member(d.number) : `${T.application}${d.state ? `, ${d.state}` : ''}`})
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </Columns>
    </>
  );
}
