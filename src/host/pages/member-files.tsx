import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Core } from '../../core/index.js';
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

interface Listed extends DocumentItem {
  url: string | null;
}

/** The member's photo (as a blob: address, fetched with the session's token) and documents. */
function useMemberFiles(core: Core, memberId: string) {
  const [photo, setPhoto] = useState<{ id: number; src: string } | null>(null);
  const [documents, setDocuments] = useState<Listed[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [photos, docs] = await Promise.all([
        core.uploads.photos('member_photos', 'members', memberId),
        core.http.get<{ data: Listed[] }>(`members/${encodeURIComponent(memberId)}/pdf_documents`),
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
  }, [core, memberId]);

  useEffect(() => {
    void reload();
  }, [reload]);
  return { photo, documents, problem, reload };
}

/** Below a member's form (/socios/{id}): their photo (cropped 3:4, shown on their card) and their PDF documents. Staff only write them. */
export function MemberFiles({ memberId }: { memberId: string | undefined }) {
  const { core } = useHost();
  const progress = useValue(core.uploads.progress);
  const files = useMemberFiles(core, memberId ?? '');
  if (!memberId) return null;
  return (
    <Panel data-member-files={memberId}>
      <PhotoUpload
        currentUrl={files.photo?.src ?? null}
        progress={progress}
        upload={async (blob, name) => {
          await core.uploads.uploadMemberPhoto(memberId, blob, name);
          await files.reload();
        }}
        remove={async () => {
          if (files.photo) await core.uploads.deletePhoto('member_photos', files.photo.id);
          await files.reload();
        }}
      />
      <DocumentUpload
        documents={files.documents}
        progress={progress}
        upload={async (chosen) => {
          await core.uploads.uploadPdfDocuments(chosen, { memberID: memberId });
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
      {files.problem && <p role="alert">{files.problem}</p>}
    </Panel>
  );
}
