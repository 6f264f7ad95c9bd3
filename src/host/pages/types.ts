import type { ReactNode } from 'react';
import type { Terminology } from '../../core/index.js';
import type { RouteDef, RouteName } from '../routes.js';

export interface PageProps {
  route: RouteDef;
  params: Record<string, string>;
  routes: readonly RouteDef[];
  words: Terminology;
}

export type Page = (props: PageProps) => ReactNode;
export type PageTable = Partial<Record<RouteName, Page>>;
