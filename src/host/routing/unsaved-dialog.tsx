import { ConfirmDialog } from '../../widgets/feature-kit/confirm-dialog.js';
import { useValue } from '../context.js';
import type { UnsavedChanges } from './unsaved-changes.js';

const UNSAVED_TEXTS = {
  title: 'Sair sem guardar as alterações?',
  body: 'Há alterações por guardar nesta página. Se sair agora, perdem-se.',
  leave: 'Sair sem guardar',
} as const;

/** The question before an in-app navigation leaves unsaved changes behind. */
export function UnsavedChangesDialog({ unsaved }: { unsaved: UnsavedChanges }) {
  const asking = useValue(unsaved.asking);
  return (
    <ConfirmDialog open={asking} title={UNSAVED_TEXTS.title} confirmLabel={UNSAVED_TEXTS.leave} onConfirm={unsaved.confirm} onCancel={unsaved.cancel}>
      {UNSAVED_TEXTS.body}
    </ConfirmDialog>
  );
}
