// Kept only while the collecting pages still import it from here (their move into elements is
// another helper's): the picker itself is the feature kit's. Delete with the last importer.
export { MemberPicker } from '../../../widgets/feature-kit/member-picker.js';
