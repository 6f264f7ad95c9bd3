import styled from 'styled-components';
import { space } from '../../widgets/kit/index.js';
import { ElementSlot } from '../elements/element-slot.js';
import { useDeclareList } from '../shell/list-on-page.js';
import { Panel } from '../shell/styles.js';
import { Heading } from './parts.js';
import type { Page } from './types.js';

// The server's jobs resource (src/server/jobs), for administrators.
const JOBS = 'jobs';
/** The list's columns: kind, state, attempts, progress, error, next run, end. */
export const JOB_COLUMNS = 'name,state,attempts,percent,last_error,run_at,finished_at';

const T = { schedule: 'Agenda das tarefas', runs: 'Execuções' } as const;

const Section = styled.section`
  margin-bottom: ${space(3)};
`;

/** /tarefas: the background jobs' schedule, then every run, newest first (administrators). */
export const JobsPage: Page = ({ route }) => {
  useDeclareList(JOBS);
  return (
    <>
      <Heading title={route.title} />
      <Section aria-label={T.schedule}>
        <Panel>
          <ElementSlot tag="associa-job-schedule" />
        </Panel>
      </Section>
      <Section aria-label={T.runs}>
        <Panel>
          <ElementSlot tag="associa-resource-list" attrs={{ resource: JOBS, label: T.runs, columns: JOB_COLUMNS, 'external-actions': 'true' }} />
        </Panel>
      </Section>
    </>
  );
};
