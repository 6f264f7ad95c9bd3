// The collecting pieces (a row of buttons, a small form, a job's progress notice) live with the
// collecting elements; host pages not yet moved into elements still place them from here.
export { Buttons, JobNotice, SmallForm } from '../../../widgets/collecting/layout.js';
