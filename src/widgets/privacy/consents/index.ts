// The consent register's parts other features place: the member home's section (loaded lazily there).
export { OwnConsents } from './own-consents.js';
