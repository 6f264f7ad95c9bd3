// The photo (cropped 3:4; a member's is the one their card shows) and the PDF documents of a
// member or of an application under review, with upload, replace and delete (staff only write them).
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { changedTopic, RESOURCE, type Core, type PhotoKind } from '../../../core/index.js';
import { space, token, useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { DocumentUpload, type DocumentItem } from '../../shared/document-upload.js';
import { fetchImage, openPdf } from '../../shared/download.js';
import { PhotoUpload } from '../../shared/photo-upload.js';
import { uploadFailureText } from '../../shared/upload-texts.js';

const Panel = styled.div`
  display: grid;
  gap: ${space(3)};
  margin: ${space(3)} 0;
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/** Whose files: a member's, or an application's while it is under review (its resource). */
type FilesOwner = typeof RESOURCE.members | typeof RESOURCE.memberApplications;

/** Per owner: its photos' calls, the form field naming it (SPEC 7), and how the block is marked. */
const OWNERS = {
  [RESOURCE.members]: { photos: 'member_photos', idField: 'memberID', mark: 'data-member-files' },
  [RESOURCE.memberApplications]: { photos: 'member_application_photos', idField: 'memberApplicationID', mark: 'data-application-files' },
} as const satisfies Record<FilesOwner, { photos: PhotoKind; idField: string; mark: string }>;

const isOwner = (resource: string | undefined): resource is FilesOwner => resource === RESOURCE.members || resource === RESOURCE.memberApplications;

interface Listed extends DocumentItem {
  url: string | null;
}

/**
 * The owner's photo (as a blob: address, fetched with the session's token) and documents, read
 * again after each change: this element's own, and anyone else's the server announces (the
 * applicant's upload, another member of staff).
 */
function useOwnerFiles(core: Core, resource: FilesOwner, id: string) {
  const owner = OWNERS[resource];
  const [photo, setPhoto] = useState<{ id: number; src: string } | null>(null);
  const [documents, setDocuments] = useState<Listed[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [photos, docs] = await Promise.all([
        core.uploads.photos(owner.photos, resource, id),
        core.http.get<{ data: Listed[] }>(`${resource}/${encodeURIComponent(id)}/pdf_documents`),
      ]);
      setDocuments(docs.data.data);
      const current = photos[0];
      const address = typeof current?.url === 'string' ? current.url : null;
      const src = address ? URL.createObjectURL(await fetchImage(core, address)) : null;
      setPhoto((old) => {
        if (old) URL.revokeObjectURL(old.src);
        return current && src ? { id: current._id, src } : null;
      });
    } catch (error) {
      setProblem(uploadFailureText(error));
    }
  }, [core, owner, resource, id]);

  useEffect(() => {
    void reload();
    return core.realtime.subscribe(changedTopic(resource), (payload) => {
      if (String((payload as { id?: unknown } | null)?.id) === id) void reload();
    });
  }, [core, resource, id, reload]);
  return { photo, documents, problem, reload };
}

export interface MemberFilesProps {
  /** Whose files: 'members' or 'member_applications'. */
  resource?: string;
  recordId?: string;
}

/** Nothing until it knows whose files (an unknown owner shows nothing either). */
export function MemberFiles({ resource, recordId }: MemberFilesProps) {
  if (!isOwner(resource) || !recordId) return null;
  return <OwnerFiles key={`${resource}/${recordId}`} resource={resource} id={recordId} />;
}

function OwnerFiles({ resource, id }: { resource: FilesOwner; id: string }) {
  const core = useCore();
  const progress = useSignalValue(core.uploads.progress);
  const files = useOwnerFiles(core, resource, id);
  const owner = OWNERS[resource];
  const member = resource === RESOURCE.members;
  return (
    <Panel {...{ [owner.mark]: id }}>
      <div data-photo>
        <PhotoUpload
          currentUrl={files.photo?.src ?? null}
          progress={progress}
          upload={async (blob, name) => {
            await (member ? core.uploads.uploadMemberPhoto(id, blob, name) : core.uploads.uploadApplicationPhoto(id, blob, name));
            await files.reload();
          }}
          remove={async () => {
            if (files.photo) await core.uploads.deletePhoto(owner.photos, files.photo.id);
            await files.reload();
          }}
        />
      </div>
      <div data-documents>
        <DocumentUpload
          documents={files.documents}
          progress={progress}
          upload={async (chosen) => {
            await core.uploads.uploadPdfDocuments(chosen, { [owner.idField]: id });
            await files.reload();
          }}
          open={(document) => {
            const url = files.documents.find((d) => d._id === document._id)?.url;
            if (url) void openPdf(core, url, document.originalName);
          }}
          remove={async (document) => {
            await core.uploads.deletePdfDocument(document._id);
            await files.reload();
          }}
        />
      </div>
      {files.problem && <p role="alert">{files.problem}</p>}
    </Panel>
  );
}
