// The collecting pieces (a row of buttons, a small form, a job's progress notice) live with the
// elements; host pages not yet moved into elements still place them from here.
export { Buttons, SmallForm } from '../../../widgets/collecting/layout.js';
export { JobNotice } from '../../../widgets/feature-kit/job-notice.js';
