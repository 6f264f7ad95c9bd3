import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { useDeclareList } from '../shell/list-on-page.js';
import { PageHeader, Panel, PrimaryRouteLink as ActionLink } from '../shell/styles.js';

/** Title of the page (h1) and, optionally, its main action ("Novo ..."). */
export function Heading({ title, action }: { title: string; action?: { href: string; label: string } }) {
  return (
    <PageHeader>
      <h1>{title}</h1>
      {action && (
        <ActionLink href={action.href} data-action="new">
          <span aria-hidden="true">+</span> {action.label}
        </ActionLink>
      )}
    </PageHeader>
  );
}

/** One list element in its panel, the toolbar wired to it. */
export function ListBox({ title, resource, editPath, columns, filters, selectable, attrs }: { title: string; resource: string; editPath?: string; columns?: string; filters?: ReactNode; selectable?: boolean; attrs?: Record<string, string | undefined> }) {
  useDeclareList(resource);
  return (
    <Panel>
      {filters}
      <ElementSlot tag="associa-resource-list" attrs={{ resource, 'edit-path': editPath, label: title, columns, 'external-actions': 'true', ...(selectable ? { selectable: 'true' } : {}), ...attrs }} />
    </Panel>
  );
}

interface FormBoxProps {
  resource: string;
  id?: string;
  /** '/socios/:id': where a newly created record opens. */
  editPath?: string;
  /** Where to go once the record is deleted. */
  listPath?: string;
  /** More attributes of the form element, e.g. `hidden-fields`, `no-delete`. */
  formAttrs?: Record<string, string | undefined>;
}

/** One record form in its panel: a created record opens in its edit page, a deleted one returns to the list. */
export function FormBox({ resource, id, editPath, listPath, formAttrs }: FormBoxProps) {
  const [, navigate] = useLocation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const onSaved = (event: CustomEvent<{ resource: string; id: string }>) => {
      if (!id && editPath && event.detail?.id !== undefined) navigate(editPath.replace(':id', encodeURIComponent(String(event.detail.id))), { replace: true });
    };
    const onDeleted = () => {
      if (listPath) navigate(listPath);
    };
    node.addEventListener('associa-saved', onSaved);
    node.addEventListener('associa-deleted', onDeleted);
    return () => {
      node.removeEventListener('associa-saved', onSaved);
      node.removeEventListener('associa-deleted', onDeleted);
    };
  }, [id, editPath, listPath, navigate]);
  return (
    <Panel ref={box}>
      <ElementSlot tag="associa-resource-form" attrs={{ ...formAttrs, resource, 'record-id': id }} />
    </Panel>
  );
}

const Centre = styled.div`
  display: grid;
  justify-items: center;
  gap: ${space(3)};
  padding-top: ${space(5)};
  > * {
    width: min(26rem, 100%);
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1.5)};
  font-size: 1.25rem;
  font-weight: 700;
  h1 {
    margin: 0;
    font-size: inherit;
  }
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 9px;
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
  font-weight: 800;
`;

/** Login, login by link, recover: the organisation above the element, which brings its own card. */
export function AuthPage({ children }: { children: ReactNode }) {
  const host = useHost();
  const organisation = useValue(host.organisation);
  return (
    <Centre>
      <Brand>
        <Mark aria-hidden="true">A</Mark>
        <h1>{organisation ?? 'Associa'}</h1>
      </Brand>
      <div>{children}</div>
    </Centre>
  );
}
