// The page a client module declares (src/core/client-module.ts): its heading and main action,
// then each part (a list, a form, any element, a link) with the route's parameters filled in.
import { Fragment, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { AttributesOf, ListEmptyState, PageContext, PagePart, PageSpec, RouteAction } from '../../core/client-module.js';
import { mayIn, type Terminology } from '../../core/index.js';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { documentTitle, pathOf, patternOf, routeNamed, type RouteDef, type RouteName } from '../routes.js';
import { useDeclareList } from '../shell/list-on-page.js';
import { Panel, SecondaryRouteLink } from '../shell/styles.js';
import { FormBox, Heading, ListBox } from './parts.js';
import { Served } from './served.js';
import type { PageProps } from './types.js';

const Spaced = styled.div`
  & + & {
    margin-top: ${space(3)};
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  align-items: center;
  margin: ${space(2)} 0 0;
`;

const LinkRow = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  margin-top: ${space(2)};
`;

const Hint = styled.span`
  color: ${token('color-text-muted')};
  font-size: 0.875rem;
`;

const Section = styled.section`
  h2 {
    margin: 0 0 ${space(2)};
    font-size: 1.2rem;
    font-weight: 650;
  }
`;

function usePageContext({ params, routes, words }: PageProps): PageContext {
  const host = useHost();
  const role = useValue(host.role);
  const claims = useValue(host.core.session.claims);
  const settings = useValue(host.core.settings.items);
  const userId = claims ? String(claims.ID) : null;
  return useMemo(
    () => ({
      params,
      words,
      role,
      userId,
      setting: (name) => settings.find((setting) => setting.name === name)?.value,
      path: (name, values) => pathOf(routes, name as RouteName, values),
      pattern: (name) => patternOf(routes, name as RouteName),
      title: (name) => routeNamed(routes, name as RouteName).title,
    }),
    [params, words, role, userId, routes, settings],
  );
}

const attributesOf = (attrs: AttributesOf | undefined, page: PageContext) => (typeof attrs === 'function' ? attrs(page) : (attrs ?? {}));
const labelOf = (label: string | ((words: Terminology) => string) | undefined, fallback: string, words: Terminology) =>
  typeof label === 'function' ? label(words) : (label ?? fallback);

/**
 * A list's empty state as the list element's attributes: the message, and each action's path and
 * label (JSON) for the routes this build has and the caller may use.
 */
function useEmptyAttributes(empty: ListEmptyState | undefined, page: PageContext): Record<string, string> {
  const { core } = useHost();
  const explained = useValue(core.explainer.resources);
  if (!empty) return {};
  const actions = (empty.actions ?? []).flatMap((action) => {
    if (action.when && !mayIn(explained[action.when.resource], action.when.operation)) return [];
    try {
      return [{ path: page.path(action.route), label: labelOf(action.label, page.title(action.route), page.words) }];
    } catch {
      return [];
    }
  });
  const message = typeof empty.message === 'function' ? empty.message(page.words) : empty.message;
  return { 'empty-message': message, 'empty-actions': JSON.stringify(actions) };
}

function Part({ part, page, route }: { part: PagePart; page: PageContext; route: RouteDef }) {
  const empty = useEmptyAttributes('list' in part ? part.empty : undefined, page);
  if ('list' in part) {
    const filters = part.filters?.map((filter) => <ElementSlot key={filter.element} tag={filter.element} attrs={attributesOf(filter.attrs, page)} />);
    return (
      <ListBox
        title={route.title}
        resource={part.list}
        columns={part.columns}
        // The list fills in ':id' with a row's id, whatever the route calls its parameter.
        editPath={part.edit && page.pattern(part.edit).replace(/:[A-Za-z_][A-Za-z0-9_]*/, ':id')}
        selectable={part.selectable}
        filters={filters}
        attrs={{ ...(part.sort ? { sort: part.sort } : {}), ...empty, ...attributesOf(part.attrs, page) }}
      />
    );
  }
  if ('links' in part) {
    return (
      <LinkRow aria-label={route.title}>
        {part.links.map((link) => (
          <SecondaryRouteLink key={link.route} href={page.path(link.route)}>
            {labelOf(link.label, page.title(link.route), page.words)}
          </SecondaryRouteLink>
        ))}
      </LinkRow>
    );
  }
  if ('form' in part) {
    return (
      <FormBox
        resource={part.form}
        id={page.params[part.param ?? 'id']}
        editPath={part.edit && page.pattern(part.edit)}
        listPath={part.back && page.path(part.back)}
        formAttrs={attributesOf(part.attrs, page)}
      />
    );
  }
  if ('link' in part) {
    return (
      <Links>
        <SecondaryRouteLink href={page.path(part.link, page.params)} data-link={part.key}>
          {part.label}
        </SecondaryRouteLink>
        {part.hint && <Hint>{part.hint}</Hint>}
      </Links>
    );
  }
  const slot = <ElementSlot tag={part.element} attrs={attributesOf(part.attrs, page)} />;
  const body = part.section ? (
    <Section aria-label={part.section}>
      <h2>{part.section}</h2>
      {slot}
    </Section>
  ) : (
    slot
  );
  return (
    <Spaced data-part={part.element} data-no-print={part.print === false ? '' : undefined}>
      {part.panel === false ? body : <Panel>{body}</Panel>}
    </Spaced>
  );
}

/** The list an element shows is the page's: the toolbar's export and columns act on it. */
function ToolbarList({ resource }: { resource: string }) {
  useDeclareList(resource);
  return null;
}

function usePageAction(action: RouteAction | undefined, page: PageContext) {
  const { core } = useHost();
  const explained = useValue(core.explainer.resources);
  if (!action) return undefined;
  if (action.when && !mayIn(explained[action.when.resource], action.when.operation)) return undefined;
  return { href: page.path(action.route), label: labelOf(action.label, page.title(action.route), page.words) };
}

/**
 * With `titleFromElement`, the title an element of the page names (`associa-title`) for this
 * address: the heading's text and the document's title; null until one does.
 */
function useElementTitle(enabled: boolean | undefined, address: string): string | null {
  const host = useHost();
  const organisation = useValue(host.organisation);
  const [named, setNamed] = useState<{ title: string; address: string } | null>(null);
  // Before the page's elements render: a member already read names the page at once.
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    const onTitle = (event: CustomEvent<{ title: string }>) => {
      if (typeof event.detail?.title === 'string' && event.detail.title.trim() !== '') setNamed({ title: event.detail.title.trim(), address });
    };
    document.addEventListener('associa-title', onTitle);
    return () => document.removeEventListener('associa-title', onTitle);
  }, [enabled, address]);
  const title = named && named.address === address ? named.title : null;
  useEffect(() => {
    if (title) document.title = documentTitle(title, organisation);
  }, [title, organisation]);
  return title;
}

/** A module's page: offered by the server (its `served` resource) and turned on (its module's setting), or an honest statement. */
export function PlacedPage(props: PageProps & { spec: PageSpec }) {
  const { route, spec } = props;
  const page = usePageContext(props);
  const action = usePageAction(spec.action, page);
  const off = route.enabledBy && route.offMessage && page.setting(route.enabledBy) !== 'true' ? route.offMessage : undefined;
  const parts = spec.parts.filter((part) => !part.when || part.when(page));
  const named = useElementTitle(spec.titleFromElement, JSON.stringify(page.params));
  const body = (
    <>
      {!spec.noHeading && <Heading title={named ?? route.title} action={action} />}
      {spec.toolbarList && <ToolbarList resource={spec.toolbarList} />}
      {parts.map((part, index) => (
        // A part whose attributes change (another record's id) is placed anew, not updated in place.
        <Fragment key={`${index}:${JSON.stringify('attrs' in part && typeof part.attrs === 'function' ? part.attrs(page) : null)}`}>
          <Part part={part} page={page} route={route} />
        </Fragment>
      ))}
    </>
  );
  if (!spec.served && !off) return body;
  return (
    <Served title={route.title} resource={spec.served} off={off}>
      {body}
    </Served>
  );
}
