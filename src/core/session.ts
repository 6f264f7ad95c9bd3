import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { CODE_SESSION_PASSWORD_SECONDS, RESOURCE, type AccessClaims, type ItemResponse, type LoginRequest, type LogoutRequest, type RecoverCodeRequest, type RecoverRequest, type TokenPair } from './contract.js';
import { ApiError } from './api-error.js';
import type { Clock } from './clock.js';
import type { Http } from './http.js';
import type { GlobalError } from './texts.js';
import type { Tokens } from './tokens.js';
import { isSecondFactorChallenge, type SecondFactorChallenge } from './two-factor.js';

/** A challenge: the password was right and the account must take a second step (two-factor login). */
export type LoginResult = 'loggedIn' | 'linkSent' | GlobalError | SecondFactorChallenge;

export interface UserInfo {
  email: string | null;
  username: string | null;
}

export interface Session {
  loggedIn: ReadonlySignal<boolean>;
  claims: ReadonlySignal<AccessClaims | null>;
  /** Set by a failed login; the UI shows its translation. */
  globalError: ReadonlySignal<GlobalError | null>;
  /** E-mail and username of the logged-in user, for the support link. */
  user: ReadonlySignal<UserInfo | null>;
  login(username: string, password: string): Promise<LoginResult>;
  /** Login by link and password recovery are one request: the server e-mails a code. */
  requestLink(email: string): Promise<void>;
  /** true: logged in; a challenge: the account takes its second step first (then `completeLogin`). */
  loginWithCode(recoverCode: string): Promise<boolean | SecondFactorChallenge>;
  /** Stores the pair that ends a second login step (a two-factor code or enrolment). */
  completeLogin(pair: TokenPair): void;
  /**
   * Continues this session on a pair the server issued in place of the current one (after
   * the user changed their own password, which ends every other session).
   */
  replaceTokens(pair: TokenPair): void;
  /**
   * Whether this session began with an e-mailed code (recovery) recently enough to set a new
   * password without the current one; the server decides the same way.
   */
  recoveredRecently(): boolean;
  /** Ends the session here and, without waiting or minding a failure, on the server. */
  logout(): void;
  loadUser(): Promise<UserInfo | null>;
  clearGlobalError(): void;
}

export interface SessionDeps {
  http: Http;
  tokens: Tokens;
  clock: Clock;
  /** Called after tokens are stored, e.g. to load settings and open the socket. */
  onLogin(): void;
  onLogout(): void;
}

function isTokenPair(value: unknown): value is TokenPair {
  return value !== null && typeof value === 'object' && typeof (value as TokenPair).access === 'string' && typeof (value as TokenPair).refresh === 'string';
}

export function createSession(deps: SessionDeps): Session {
  const { http, tokens } = deps;
  const globalError = signal<GlobalError | null>(null);
  const user = signal<UserInfo | null>(null);

  function store(pair: TokenPair) {
    tokens.set(pair);
    globalError.value = null;
    deps.onLogin();
  }

  return {
    loggedIn: tokens.loggedIn,
    claims: computed(() => tokens.claims.value),
    globalError,
    user,
    async login(username, password) {
      const body: LoginRequest = { username, password };
      try {
        const res = await http.post<TokenPair | SecondFactorChallenge | ''>('auth', body);
        // 204: the account has no password; the server e-mailed a login link instead.
        if (isSecondFactorChallenge(res.data)) return res.data;
        if (res.status === 204 || !isTokenPair(res.data)) return 'linkSent';
        store(res.data);
        return 'loggedIn';
      } catch (e) {
        if (e instanceof ApiError && e.status === 403) return (globalError.value = 'wrongCredentials');
        if (e instanceof ApiError && e.status === 404) return (globalError.value = 'accountNotFound');
        throw e;
      }
    },
    async requestLink(email) {
      const body: RecoverRequest = { email, recover_password: true };
      await http.post('auth', body);
    },
    async loginWithCode(recoverCode) {
      const body: RecoverCodeRequest = { recoverCode };
      const res = await http.post<TokenPair | SecondFactorChallenge>('auth', body);
      if (isSecondFactorChallenge(res.data)) return res.data;
      if (!isTokenPair(res.data)) return false;
      store(res.data);
      return true;
    },
    completeLogin(pair) {
      store(pair);
    },
    replaceTokens(pair) {
      tokens.set(pair);
    },
    recoveredRecently() {
      const claims = tokens.claims.value;
      return claims?.amr === 'code' && deps.clock.now() / 1000 - claims.iat < CODE_SESSION_PASSWORD_SECONDS;
    },
    logout() {
      const refreshToken = tokens.refresh.value;
      if (refreshToken) {
        const body: LogoutRequest = { refreshToken };
        // Sent before the tokens are cleared; anonymous, so an expired access token cannot start a refresh.
        http.post('auth/logout', body, { anonymous: true, quiet: true }).catch(() => undefined);
      }
      tokens.clear();
      user.value = null;
      deps.onLogout();
    },
    async loadUser() {
      const id = tokens.claims.value?.ID;
      if (id === undefined) return null;
      const res = await http.get<ItemResponse<{ email?: unknown; username?: unknown }>>(`${RESOURCE.users}/${encodeURIComponent(String(id))}`);
      const record = res.data?.data ?? {};
      user.value = {
        email: typeof record.email === 'string' ? record.email : null,
        username: typeof record.username === 'string' ? record.username : null,
      };
      return user.value;
    },
    clearGlobalError() {
      globalError.value = null;
    },
  };
}
