// The collecting words live with the collecting elements; the host pages still being moved read them there.
export { COLLECTING_TEXTS } from '../../../widgets/collecting/texts.js';
