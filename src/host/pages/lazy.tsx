import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from '../../widgets/kit/index.js';
import type { Page, PageProps } from './types.js';

/**
 * Pages of a module loaded on first use, in their own chunk: the host's first page (login, the
 * member list) does not carry the domain pages (cards, collecting, payments, fees), which
 * most visits never open. `names` is checked against the module's table by the compiler.
 */
export function lazyPages<Name extends string>(
  load: () => Promise<Record<Name, Page>>,
  names: readonly Name[],
): Record<Name, Page> {
  // One import per module, however many of its pages are shown.
  let table: Promise<Record<Name, Page>> | null = null;
  const loadTable = () => (table ??= load());
  const pages = {} as Record<Name, Page>;
  for (const name of names) {
    const Lazy = lazy(async () => ({ default: (await loadTable())[name] as ComponentType<PageProps> }));
    pages[name] = (props: PageProps) => (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return pages;
}
