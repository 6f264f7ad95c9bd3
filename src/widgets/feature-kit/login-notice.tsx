import { Notice } from './layout.js';
import { NavLink } from './navigation.js';
import { PATHS } from './paths.js';
import { FEATURE_TEXTS } from './texts.js';

/** What an element that needs a session shows without one: a short note and the way to log in. */
export function LoginNotice() {
  return (
    <Notice tone="info">
      <p>{FEATURE_TEXTS.notLoggedIn}</p>
      <p>
        <NavLink path={PATHS.login}>{FEATURE_TEXTS.loginLink}</NavLink>
      </p>
    </Notice>
  );
}
