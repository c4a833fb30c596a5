import { decodeAccessToken, refreshIntervalMs, type Profile } from '@veridocs/shared';
import { configureApiClient } from '../../lib/api-client';
import { fetchProfile, refreshTokens, revokeSession } from '../../lib/api/wallet-api';
import { navigateTo } from '../../lib/navigation';
import { LANGUAGE_STORAGE_KEY } from '../../i18n';
import { clearStorage, getItem, setItem } from '../../lib/storage';
import { PATHS } from '../paths';
import { resetAll } from '../store/reset';
import { login, type LoginPayload } from '../store/slices/auth-slice';
import { setProfile } from '../store/slices/profile-slice';
import type { AppListener, AppPersistor, AppStore } from '../store/store';

/** Seconds before expiry at which a stored access token is refreshed at start-up instead of used. */
export const STARTUP_EXPIRY_MARGIN_S = 30;

/**
 * The session of spec §4: login side effects, the periodic refresh, the profile fetch and logout.
 * One per store; the API client reaches it through its bridge.
 */
export class SessionController {
  private timer: ReturnType<typeof setInterval> | null = null;
  private refreshing: Promise<boolean> | null = null;
  private loggingOut: Promise<void> | null = null;
  private profileRequest: Promise<Profile | null> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: AppStore,
    private readonly persistor: AppPersistor,
    listener: AppListener,
  ) {
    this.unsubscribe = listener.startListening({
      actionCreator: login,
      effect: (action) => this.onLogin(action.payload),
    });
    configureApiClient({
      getTokens: () => {
        const { accessToken, refreshToken } = this.store.getState().auth;
        return { accessToken, refreshToken };
      },
      endSession: () => void this.logout(),
    });
  }

  /** The login action: every session value goes to local storage (the startRefresh flag does not). */
  private onLogin(payload: LoginPayload): void {
    setItem('accessToken', payload.accessToken);
    setItem('refreshToken', payload.refreshToken);
    setItem('refreshTokenExpiresIn', String(payload.refreshTokenExpiresIn));
    if (payload.startRefresh) this.startRefreshTimer(payload.refreshTokenExpiresIn);
  }

  /**
   * Start-up: a stored refresh token starts the periodic refresh. An access token that is missing (a
   * single sign-on stores only the refresh token) or about to expire is refreshed first, so the first
   * screen does not fail on it. One that is there but cannot be decoded is not renewed behind the
   * candidate's back: the request guard (spec §5) aborts the first request, shows "Session Expired"
   * and logs out.
   */
  async start(): Promise<void> {
    const { accessToken, refreshToken, refreshTokenExpiresIn } = this.store.getState().auth;
    if (!refreshToken) return;
    const payload = decodeAccessToken(accessToken);
    if (accessToken && !payload) return;
    this.startRefreshTimer(refreshTokenExpiresIn);
    if (!payload || payload.exp * 1000 <= Date.now() + STARTUP_EXPIRY_MARGIN_S * 1000) {
      await this.refresh();
    }
  }

  startRefreshTimer(refreshTokenExpiresIn: number | null | undefined): void {
    this.stopRefreshTimer();
    this.timer = setInterval(() => void this.refresh(), refreshIntervalMs(refreshTokenExpiresIn));
  }

  stopRefreshTimer(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  get hasRefreshTimer(): boolean {
    return this.timer !== null;
  }

  /**
   * PUT get-token with the stored refresh token. Success: store the new (rotated) values, then fetch the
   * profile. A failure, or no refresh token at all, logs out.
   */
  refresh(): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      const refreshToken = this.store.getState().auth.refreshToken ?? getItem('refreshToken');
      if (!refreshToken) {
        await this.logout();
        return false;
      }
      try {
        const session = await refreshTokens(refreshToken);
        this.store.dispatch(login({ ...session, startRefresh: false }));
      } catch {
        await this.logout();
        return false;
      }
      await this.loadProfile();
      return true;
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** GET profile into the profile slice; concurrent callers share one request. Errors: null. */
  loadProfile(): Promise<Profile | null> {
    if (this.profileRequest) return this.profileRequest;
    this.profileRequest = fetchProfile()
      .then((profile) => {
        // A logout while the request was in flight wins.
        if (this.store.getState().auth.accessToken) this.store.dispatch(setProfile(profile));
        return profile;
      })
      .catch(() => null)
      .finally(() => {
        this.profileRequest = null;
      });
    return this.profileRequest;
  }

  /**
   * Logout (spec §4): revoke the refresh token (best effort), stop the timer, reset all state, clear
   * local and session storage and the kept file picks, go to /login. Concurrent calls share one logout.
   */
  logout(): Promise<void> {
    if (this.loggingOut) return this.loggingOut;
    this.loggingOut = (async () => {
      this.stopRefreshTimer();
      const refreshToken = this.store.getState().auth.refreshToken ?? getItem('refreshToken');
      if (refreshToken) {
        try {
          await revokeSession(refreshToken);
        } catch {
          // Best effort: the session ends on this device either way.
        }
      }
      this.store.dispatch(resetAll());
      // Write the reset slices now, so that clearing the storages is the last word.
      try {
        await this.persistor.flush();
      } catch {
        // Nothing to flush.
      }
      // The language is this device's choice, not the session's: it outlives the logout (issue 10 §4).
      const language = getItem(LANGUAGE_STORAGE_KEY);
      clearStorage('local');
      clearStorage('session');
      if (language) setItem(LANGUAGE_STORAGE_KEY, language);
      // Marksheets picked and not uploaded yet, kept for a reload (issue 24): not past the session. Loaded
      // here, not with this chunk (/login's budget).
      void import('../../components/file-upload/picked-files').then((picks) => picks.clearPickedFiles());
      navigateTo(PATHS.login, { replace: true });
    })().finally(() => {
      this.loggingOut = null;
    });
    return this.loggingOut;
  }

  /** Stops the timer and listeners (tests, hot reload). */
  dispose(): void {
    this.stopRefreshTimer();
    this.unsubscribe();
  }
}
