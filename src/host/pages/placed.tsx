// The page a client module declares (src/core/client-module.ts): its heading and main action,
// then each part (a list, a form, any element, a link) with the route's parameters filled in.
import { Fragment, useMemo } from 'react';
import styled from 'styled-components';
import type { AttributesOf, PageContext, PagePart, PageSpec, RouteAction } from '../../core/client-module.js';
import { mayIn, type Terminology } from '../../core/index.js';
import { space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { pathOf, patternOf, routeNamed, type RouteDef, type RouteName } from '../routes.js';
import { Panel, SecondaryRouteLink } from '../shell/styles.js';
import { FormBox, Heading, ListBox } from './parts.js';
import { Served } from './served.js';
import type { PageProps } from './types.js';

const Spaced = styled.div`
  & + & {
    margin-top: ${space(3)};
  }
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
  const userId = claims ? String(claims.ID) : null;
  return useMemo(
    () => ({
      params,
      words,
      role,
      userId,
      path: (name, values) => pathOf(routes, name as RouteName, values),
      pattern: (name) => patternOf(routes, name as RouteName),
      title: (name) => routeNamed(routes, name as RouteName).title,
    }),
    [params, words, role, userId, routes],
  );
}

const attributesOf = (attrs: AttributesOf | undefined, page: PageContext) => (typeof attrs === 'function' ? attrs(page) : (attrs ?? {}));
const labelOf = (label: string | ((words: Terminology) => string) | undefined, fallback: string, words: Terminology) =>
  typeof label === 'function' ? label(words) : (label ?? fallback);

function Part({ part, page, route }: { part: PagePart; page: PageContext; route: RouteDef }) {
  if ('list' in part) {
    return (
      <ListBox
        title={route.title}
        resource={part.list}
        columns={part.columns}
        editPath={part.edit && page.pattern(part.edit)}
        selectable={part.selectable}
        attrs={attributesOf(part.attrs, page)}
      />
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
      <Spaced>
        <SecondaryRouteLink href={page.path(part.link, page.params)}>{part.label}</SecondaryRouteLink>
      </Spaced>
    );
  }
  const slot = <ElementSlot tag={part.element} attrs={attributesOf(part.attrs, page)} />;
  const body = part.section ? (
    <Section>
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

function useAction(action: RouteAction | undefined, page: PageContext) {
  const { core } = useHost();
  const explained = useValue(core.explainer.resources);
  if (!action) return undefined;
  if (action.when && !mayIn(explained[action.when.resource], action.when.operation)) return undefined;
  return { href: page.path(action.route), label: labelOf(action.label, page.title(action.route), page.words) };
}

/** A module's page: offered by the server (its `served` resource) and turned on (its module's setting), or an honest statement. */
export function PlacedPage(props: PageProps & { spec: PageSpec }) {
  const { route, spec } = props;
  const page = usePageContext(props);
  const { core } = useHost();
  const settings = useValue(core.settings.items);
  const action = useAction(spec.action, page);
  const off = route.enabledBy && route.offMessage && settings.find((setting) => setting.name === route.enabledBy)?.value !== 'true' ? route.offMessage : undefined;
  const parts = spec.parts.filter((part) => !part.when || part.when(page));
  const body = (
    <>
      {!spec.noHeading && <Heading title={route.title} action={action} />}
      {parts.map((part, index) => (
        <Fragment key={index}>
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
