import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { changedTopic, RESOURCE, type Core, type PhotoKind } from '../../core/index.js';
import { space, token } from '../../widgets/kit/index.js';
import { DocumentUpload, type DocumentItem } from '../../widgets/shared/document-upload.js';
import { fetchImage, openPdf } from '../../widgets/shared/download.js';
import { PhotoUpload } from '../../widgets/shared/photo-upload.js';
import { uploadFailureText } from '../../widgets/shared/upload-texts.js';
import { useHost, useValue } from '../context.js';

const Panel = styled.div`
  display: grid;
  gap: ${space(3)};
  margin: ${space(3)} 0;
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/** Whose files: a member's, or an application's while it is under review. */
export type FilesOf = 'member' | 'application';

/** Per owner: its resource (lists and realtime topic), its photos' calls and the form field naming it (SPEC 7). */
const OWNERS = {
  member: { resource: RESOURCE.members, photos: 'member_photos', idField: 'memberID' },
  application: { resource: RESOURCE.memberApplications, photos: 'member_application_photos', idField: 'memberApplicationID' },
} as const satisfies Record<FilesOf, { resource: string; photos: PhotoKind; idField: string }>;

interface Listed extends DocumentItem {
  url: string | null;
}

/**
 * The owner's photo (as a blob: address, fetched with the session's token) and documents, read
 * again after each change: this page's own, and anyone else's the server announces (the
 * applicant's upload, another member of staff).
 */
function useOwnerFiles(core: Core, of: FilesOf, id: string) {
  const owner = OWNERS[of];
  const [photo, setPhoto] = useState<{ id: number; src: string } | null>(null);
  const [documents, setDocuments] = useState<Listed[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [photos, docs] = await Promise.all([
        core.uploads.photos(owner.photos, owner.resource, id),
        core.http.get<{ data: Listed[] }>(`${owner.resource}/${encodeURIComponent(id)}/pdf_documents`),
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
  }, [core, owner, id]);

  useEffect(() => {
    void reload();
    return core.realtime.subscribe(changedTopic(owner.resource), (payload) => {
      if (String((payload as { id?: unknown } | null)?.id) === id) void reload();
    });
  }, [core, owner, id, reload]);
  return { photo, documents, problem, reload };
}

/**
 * The photo (cropped 3:4; a member's is the one their card shows) and the PDF documents of a
 * member (/socios/{id}) or of an application under review (/candidaturas/{id}), with upload,
 * replace and delete. Staff only write them.
 */
export function OwnerFiles({ of, id }: { of: FilesOf; id: string }) {
  const { core } = useHost();
  const progress = useValue(core.uploads.progress);
  const files = useOwnerFiles(core, of, id);
  const owner = OWNERS[of];
  return (
    <Panel data-member-files={of === 'member' ? id : undefined} data-application-files={of === 'application' ? id : undefined}>
      <div data-photo>
        <PhotoUpload
          currentUrl={files.photo?.src ?? null}
          progress={progress}
          upload={async (blob, name) => {
            await (of === 'member' ? core.uploads.uploadMemberPhoto(id, blob, name) : core.uploads.uploadApplicationPhoto(id, blob, name));
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

/** Below a member's form (/socios/{id}): their photo and PDF documents. */
export function MemberFiles({ memberId }: { memberId: string | undefined }) {
  return memberId ? <OwnerFiles of="member" id={memberId} /> : null;
}
