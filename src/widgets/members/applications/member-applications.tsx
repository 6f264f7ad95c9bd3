// The membership applications tied to a member (the one accepted to make them a member, and any
// other they are named on), newest first: when, its state, when it was decided.
import { RESOURCE } from '../../../core/index.js';
import type { MemberApplication } from '../../../core/records.js';
import { useQuery } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { HubTable, Loaded, moment, useOptionLabel } from '../hub-kit.js';

const APPLICATIONS = RESOURCE.memberApplications;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export interface MemberApplicationsProps {
  memberId?: string;
  /** An application's page, '/candidaturas/:id'. */
  applicationPath?: string;
}

export function MemberApplications({ memberId, applicationPath }: MemberApplicationsProps) {
  const core = useCore();
  const offered = core.explainer.may(APPLICATIONS, 'list');
  const stateLabel = useOptionLabel(core, APPLICATIONS, 'state');
  const view = useQuery<MemberApplication[]>(core.queries, offered && memberId ? { path: APPLICATIONS, params: { _member: memberId, _sort: '-created_at', _page: 1, _limit: 20 }, resources: [APPLICATIONS] } : null);
  if (!memberId || !offered) return null;
  return (
    <div data-member-applications={memberId}>
      <Loaded view={view} failed={T.applicationsFailed} empty={T.applicationsNone} isEmpty={(data) => data.length === 0}>
        {(applications) => (
          <TableBox>
            <HubTable>
              <thead>
                <tr>
                  <th scope="col">{T.submitted}</th>
                  <th scope="col">{T.status}</th>
                  <th scope="col">{T.decided}</th>
                </tr>
              </thead>
              <tbody>
                {applications.map((application) => {
                  const submitted = moment(application.created_at);
                  return (
                    <tr key={application._id} data-application={application._id}>
                      <td data-label={T.submitted}>
                        {applicationPath ? (
                          <NavLink path={pathWith(applicationPath, { id: application._id })}>
                            {submitted}
                          </NavLink>
                        ) : (
                          submitted
                        )}
                      </td>
                      <td data-label={T.status}>{stateLabel(text(application.state))}</td>
                      <td data-label={T.decided}>{moment(text(application.decided_at))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </HubTable>
          </TableBox>
        )}
      </Loaded>
    </div>
  );
}
