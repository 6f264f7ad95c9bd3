import { ResourceForm } from '../resource-form/index.js';
import { RESOURCE } from '../../core/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { useExplainerResource } from '../shared/use-explainer.js';
import { HomeSection, SectionLead } from './section.js';
import { MEMBER_HOME_TEXTS } from './texts.js';

const T = MEMBER_HOME_TEXTS.selfService;

/**
 * The member corrects their own record: exactly the fields the server lets them write (the
 * explainer marks the others read-only for them, from the definition's `writableBy`).
 */
export function OwnDetailsForm({ memberId }: { memberId: number }) {
  const core = useCore();
  const { entry } = useExplainerResource(core, RESOURCE.members);
  const writable = (entry?.fields ?? []).filter((field) => !field.readOnly).map((field) => field.name);
  if (writable.length === 0 || !core.explainer.may(RESOURCE.members, 'update', memberId)) return null;
  return (
    <HomeSection id="self-service" title={T.title}>
      <SectionLead>{T.lead}</SectionLead>
      <ResourceForm resource={RESOURCE.members} recordId={String(memberId)} fields={writable.join(',')} noDelete />
    </HomeSection>
  );
}
