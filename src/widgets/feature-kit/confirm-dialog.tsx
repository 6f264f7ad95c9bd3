import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, deepActiveElement, space, token, useFocusTrap } from '../kit/index.js';
import { FEATURE_TEXTS } from './texts.js';

const Dialog = styled.dialog`
  max-width: 28rem;
  padding: ${space(3)};
  color: ${token('color-text')};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  box-shadow: 0 12px 32px rgb(16 24 40 / 20%);
  &::backdrop {
    background: rgb(16 24 40 / 45%);
  }
`;

const Title = styled.h3`
  margin: 0 0 ${space(1)};
  font-size: 1.15em;
`;

const Body = styled.div`
  margin: 0 0 ${space(3)};
  color: ${token('color-text-muted')};
`;

const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${space(1)};
`;

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question (native <dialog>: focus kept inside, Escape cancels). The safe choice,
 * Cancelar, takes the focus first; closing returns it to where it was (the button that asked).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  useFocusTrap(ref, open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // A confirmed action may have removed the button (a page left): then focus stays put.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  return (
    <Dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: keep React in charge of whether the dialog is open.
        e.preventDefault();
        onCancel();
      }}
    >
      <Title id={titleId}>{title}</Title>
      <Body>{children}</Body>
      <Buttons>
        <Button variant="secondary" ref={cancelRef} onClick={onCancel} disabled={busy}>
          {FEATURE_TEXTS.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Buttons>
    </Dialog>
  );
}
