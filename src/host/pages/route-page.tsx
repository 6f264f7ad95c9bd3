import { PAGES } from './index.js';
import { PlacedPage } from './placed.js';
import type { PageProps } from './types.js';

/** What a route shows: the page its client module declares, or one the host draws itself. */
export function RoutePage(props: PageProps) {
  const { route } = props;
  if (route.page) return <PlacedPage {...props} spec={route.page} />;
  const Page = PAGES[route.name];
  return Page ? <Page {...props} /> : null;
}
