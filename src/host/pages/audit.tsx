import styled from 'styled-components';
import { RESOURCE, ROLE } from '../../core/index.js';
import { space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { Panel } from '../shell/styles.js';

const Spaced = styled.div`
  margin-top: ${space(3)};
`;

/**
 * The change history below a record's form: for administrators, and for a person on their own
 * user page (members read their member record's history on their dashboard).
 */
export function RecordHistorySlot({ resource, id }: { resource: string; id: string | undefined }) {
  const host = useHost();
  const role = useValue(host.role);
  const claims = useValue(host.core.session.claims);
  const ownUser = resource === RESOURCE.users && claims !== null && String(claims.ID) === id;
  if (!id || (role !== ROLE.admin && !ownUser)) return null;
  return (
    <Spaced data-record-history={resource}>
      <Panel>
        <ElementSlot tag="associa-record-history" attrs={{ resource, 'record-id': id }} />
      </Panel>
    </Spaced>
  );
}
