// /configuracaoQuotas: the dues module's fee categories and yearly fee schedules, each a
// generic list whose rows open the generic form, and the on-demand generation of a year's quotas.
import { useState, type ReactNode } from 'react';
import { RESOURCE } from '../../core/index.js';
import { EmptyState } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { pathOf, patternOf } from '../routes.js';
import { Panel } from '../shell/styles.js';
import { GenerateDues } from './fee-settings/generate-dues.js';
import { FEE_TEXTS as T } from './fee-settings/texts.js';
import { FormPage, Heading } from './parts.js';
import { Section } from './section.js';
import type { Page, PageTable } from './types.js';

const CATEGORIES = 'fee_categories';
const SCHEDULES = 'fee_schedules';

export const FEE_SCHEDULE_COLUMNS = 'year,category,amount,periodicity,due_day,joining_fee,capital';
export const FEE_CATEGORY_COLUMNS = 'name,exempt';
/** The newest year first; categories by name. */
const FEE_SCHEDULE_SORT = '-year';
const FEE_CATEGORY_SORT = 'name';

interface ListSectionProps {
  title: string;
  resource: string;
  columns: string;
  editPath: string;
  /** The first order of the list, until the user sorts it otherwise. */
  sort: string;
  action: { href: string; label: string };
  children?: ReactNode;
}

/** One of the page's two lists under its own heading and "new" action. */
function ListSection({ title, resource, columns, editPath, sort, action, children }: ListSectionProps) {
  const { core } = useHost();
  // The list element would sort by creation: its store, shared through the core, is made here
  // first with this order (once; a sort the user chose before is theirs to keep).
  useState(() => core.list(resource, { sort: core.preferences.sortOrder(resource) ?? sort }));
  return (
    <Section title={title} action={action} data-fee-list={resource}>
      {children}
      <ElementSlot tag="associa-resource-list" attrs={{ resource, 'edit-path': editPath, label: title, columns }} />
    </Section>
  );
}

const FeeSettingsPage: Page = ({ route, routes, words }) => {
  const { core } = useHost();
  const served = useValue(core.explainer.resources);
  if (!served[CATEGORIES] || !served[SCHEDULES]) {
    return (
      <>
        <Heading title={route.title} />
        <Panel data-module-unavailable={SCHEDULES}>
          <EmptyState message={`O módulo “${route.title}” ainda não está disponível neste servidor.`} />
        </Panel>
      </>
    );
  }
  // The debts' collection action raises a year's quotas; the explainer lists it to those who may run it.
  const mayGenerate = served[RESOURCE.unsettledPayments]?.actions?.some((action) => action.name === 'generate') ?? false;
  return (
    <>
      <Heading title={route.title} />
      <ListSection
        title={T.categories}
        resource={CATEGORIES}
        columns={FEE_CATEGORY_COLUMNS}
        sort={FEE_CATEGORY_SORT}
        editPath={patternOf(routes, 'feeCategoriesEdit')}
        action={{ href: pathOf(routes, 'feeCategoriesNew'), label: T.newCategory }}
      />
      <ListSection
        title={T.schedules}
        resource={SCHEDULES}
        columns={FEE_SCHEDULE_COLUMNS}
        sort={FEE_SCHEDULE_SORT}
        editPath={patternOf(routes, 'feeSchedulesEdit')}
        action={{ href: pathOf(routes, 'feeSchedulesNew'), label: T.newSchedule }}
      >
        {mayGenerate && <GenerateDues memberSingular={words.memberSingular} />}
      </ListSection>
    </>
  );
};

// A schedule with debts refuses some changes and its deletion (409 in_use): the form shows the server's words.
const recordPage =
  (resource: string, edit: 'feeCategoriesEdit' | 'feeSchedulesEdit'): Page =>
  ({ route, params, routes }) => (
    <FormPage title={route.title} resource={resource} id={params.id} editPath={patternOf(routes, edit)} listPath={pathOf(routes, 'feeSettings')} />
  );

export const FEE_PAGES = {
  feeSettings: FeeSettingsPage,
  feeCategoriesNew: recordPage(CATEGORIES, 'feeCategoriesEdit'),
  feeCategoriesEdit: recordPage(CATEGORIES, 'feeCategoriesEdit'),
  feeSchedulesNew: recordPage(SCHEDULES, 'feeSchedulesEdit'),
  feeSchedulesEdit: recordPage(SCHEDULES, 'feeSchedulesEdit'),
} satisfies Partial<PageTable>;
