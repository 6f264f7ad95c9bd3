// What other domains and server code use of member files: the applicant's upload token, an
// accepted application's files handed to its member, photos for cards, saving files (the demo).
// Imported from outside member-files through this file only.
export { memberPhotoThumbs } from './card-photos.js';
export { moveApplicationFilesToMember } from './move.js';
export { photoEntry, saveMemberFiles } from './save.js';
export { issueUploadToken } from './upload-token.js';
