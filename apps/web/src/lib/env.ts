/**
 * Build-time settings (Vite `VITE_*` variables). Read when asked, not at import, so tests can change them with
 * `vi.stubEnv`. An empty value counts as unset.
 */
declare global {
  interface ImportMetaEnv {
    /** Where analytics events are sent with navigator.sendBeacon; unset: analytics goes nowhere. */
    readonly VITE_ANALYTICS_URL?: string;
    /** Google OAuth client id; unset: no "Sign in with Google" button. */
    readonly VITE_GOOGLE_CLIENT_ID?: string;
    /** Apple Services ID; unset: no "Sign in with Apple" button. */
    readonly VITE_APPLE_CLIENT_ID?: string;
    /** The school's Canvas address, e.g. https://school.instructure.com; unset: no Canvas button. */
    readonly VITE_CANVAS_URL?: string;
    /** The Canvas developer key's client id (Canvas needs one alongside its address). */
    readonly VITE_CANVAS_CLIENT_ID?: string;
  }
}

type SettingName =
  | 'VITE_ANALYTICS_URL'
  | 'VITE_GOOGLE_CLIENT_ID'
  | 'VITE_APPLE_CLIENT_ID'
  | 'VITE_CANVAS_URL'
  | 'VITE_CANVAS_CLIENT_ID';

/** The trimmed value of a build-time setting, or undefined when it is unset or blank. */
export function setting(name: SettingName): string | undefined {
  const value = import.meta.env[name]?.trim();
  return value ? value : undefined;
}
