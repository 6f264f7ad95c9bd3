// The job follower lives with the widgets (the list's bulk actions follow jobs too).
export { useJob, type JobView } from '../../../widgets/shared/use-job.js';
