// The public entry of <associa-login>'s folder: its second step, which recovering an account asks too.
export { SecondFactor } from './second-factor.js';
