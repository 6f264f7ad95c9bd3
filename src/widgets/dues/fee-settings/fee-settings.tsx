// The dues' settings: the fee categories and the yearly fee schedules, each a generic list whose
// rows open the generic form, and the on-demand generation of a year's quotas beside the schedules.
import { useState, type ReactNode } from 'react';
import { RESOURCE } from '../../../core/index.js';
import { ResourceListSlot } from '../../feature-kit/resource-list-slot.js';
import { Section } from '../../feature-kit/section.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useSignalValue } from '../../kit/index.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { FEE_TEXTS as T } from '../texts.js';
import { GenerateDues } from './generate-dues.js';

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
  editPath?: string;
  /** The first order of the list, until the user sorts it otherwise. */
  sort: string;
  action?: { path: string; label: string };
  children?: ReactNode;
}

/** One of the two lists under its own heading and "new" action. */
function ListSection({ title, resource, columns, editPath, sort, action, children }: ListSectionProps) {
  const core = useCore();
  // The list element would sort by creation: its store, shared through the core, is made here
  // first with this order (once; a sort the user chose before is theirs to keep).
  useState(() => core.list(resource, { sort: core.preferences.sortOrder(resource) ?? sort }));
  return (
    <Section title={title} action={action} data-fee-list={resource}>
      {children}
      <ResourceListSlot resource={resource} edit-path={editPath} label={title} columns={columns} />
    </Section>
  );
}

export interface FeeSettingsProps {
  /** A category's form, its ':id' left in: '/configuracaoQuotas/categorias/:id'. */
  categoryPath?: string;
  /** The new category's form: '/configuracaoQuotas/categorias/novo'; absent, no "new" action. */
  newCategoryPath?: string;
  /** A schedule's form, its ':id' left in: '/configuracaoQuotas/tabelas/:id'. */
  schedulePath?: string;
  /** The new schedule's form: '/configuracaoQuotas/tabelas/novo'; absent, no "new" action. */
  newSchedulePath?: string;
}

export function FeeSettings({ categoryPath, newCategoryPath, schedulePath, newSchedulePath }: FeeSettingsProps) {
  const core = useCore();
  const terminology = useSignalValue(core.terminology.terminology);
  const singular = terminology?.memberSingular ?? T.defaultSingular;
  const plural = terminology?.memberPlural ?? T.defaultPlural;
  // The debts' collection action raises a year's quotas; the explainer lists it to those who may run it.
  const mayGenerate = (useExplainerResource(core, RESOURCE.unsettledPayments).entry?.actions ?? []).some((action) => action.name === 'generate');
  return (
    <>
      <ListSection
        title={T.categories}
        resource={CATEGORIES}
        columns={FEE_CATEGORY_COLUMNS}
        sort={FEE_CATEGORY_SORT}
        editPath={categoryPath}
        action={newCategoryPath ? { path: newCategoryPath, label: T.newCategory } : undefined}
      />
      <ListSection
        title={T.schedules}
        resource={SCHEDULES}
        columns={FEE_SCHEDULE_COLUMNS}
        sort={FEE_SCHEDULE_SORT}
        editPath={schedulePath}
        action={newSchedulePath ? { path: newSchedulePath, label: T.newSchedule } : undefined}
      >
        {mayGenerate && <GenerateDues memberSingular={singular} memberPlural={plural} />}
      </ListSection>
    </>
  );
}
