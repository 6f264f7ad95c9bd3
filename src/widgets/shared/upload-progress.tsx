import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import { UPLOAD_TEXTS as T } from './upload-texts.js';

const Wrap = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  progress {
    flex: 1;
    max-width: 16rem;
    accent-color: ${token('color-primary')};
  }
`;

/** The percentage of an upload running now (nothing when none is). */
export function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <Wrap>
      <progress max={100} value={percent} aria-label={T.progress} />
      <span role="status" data-upload-progress={percent}>
        {T.uploading(percent)}
      </span>
    </Wrap>
  );
}
