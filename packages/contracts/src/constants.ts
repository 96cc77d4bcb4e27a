/** Business constants and the numbers of product rules that both server and client need (docs/rules.md names each). */

export const SUBJECT_ID = 92;
export const DEFAULT_CLASS_SIZE = 100;
export const CLASS_OVERVIEW_PAGE_SIZE = 50;
export const SESSION_LOG_DEBOUNCE_MS = 500;
export const TOAST_TIMEOUT_MS = 5000;
/** Hash-link scroll offset: 72 (the bar) plus 10. */
export const HASH_SCROLL_OFFSET_PX = 72 + 10;
/** A signed download link is stale within this margin of its expiry. */
export const SIGNED_LINK_STALE_MARGIN_MS = 60 * 60 * 1000;
export const BOOK_PERFORMANCE_DEFAULT_YEARS = 5;
/**
 * The most days a call that lists a range day by day answers at once (P10, IN5), once a longer range is narrowed to
 * the days with activity (I6); a screen showing a longer time asks in pieces of at most this many.
 */
export const ACTIVITY_MAX_DAYS = 366;
/** The staff's overview of their students covers the last 30 days by default (P13). */
export const STUDENT_OVERVIEW_DEFAULT_DAYS = 30;
/** No HTTP client timeout by default. */
export const HTTP_CLIENT_TIMEOUT_MS: number | null = null;
export const SIGN_IN_PERSISTENCE_ORDER = ['indexedDB', 'localStorage', 'sessionStorage'] as const;

export const TOAST_TYPES = ['positive', 'negative', 'warning', 'info', 'ongoing'] as const;
export const TOAST_POSITIONS = [
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
  'top',
  'bottom',
  'left',
  'right',
  'center',
] as const;
export const DEFAULT_TOAST_POSITION = 'bottom' satisfies (typeof TOAST_POSITIONS)[number];

export const DEFAULT_READING_SETTINGS = {
  highlight: true,
  narration: true,
  pageFlip: false,
  narrationSpeed: 1,
  fontSize: 1,
  music: true,
} as const;

/** Messages for a 401 from user validation (docs/rules.md S4, C6), keyed by the server's error text. */
export const SESSION_ERROR_TEXT = {
  passwordChanged: 'password has been changed',
  accountDisabled: 'account is disabled',
} as const;
export const SESSION_ERROR_MESSAGES: Record<string, string> = {
  [SESSION_ERROR_TEXT.passwordChanged]: 'Your password has been changed, please re-login!',
  [SESSION_ERROR_TEXT.accountDisabled]: 'Your account has been disabled!',
};
export const SESSION_ERROR_FALLBACK_MESSAGE = 'You have been logged out!';

/** Sessions and sign-in (docs/rules.md S2, S3, S7, S12, S14). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const SIGN_IN_LOCKOUT = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;
/** Failures for one username from any address that lock it from every address (S14). */
export const SIGN_IN_LOCKOUT_PER_USERNAME = { maxFailures: 50, windowMinutes: 15, lockMinutes: 15 } as const;
export const PASSWORD_MIN_LENGTH = 8;

/** Progression (docs/rules.md L3–L7): one table of every rule's numbers, shown to children and applied by the server. */
export const PROGRESSION = {
  /** Quiz pass mark, percent. */
  passPercent: 80,
  /** Passed power builders in a band before moving up (a school may change it). */
  booksToLevelUp: 5,
  /** Consecutive fails in a band before moving one band down. */
  failsToLevelDown: 3,
  /** Average score, percent, for the level-up medals; below silver is bronze. */
  goldPercent: 95,
  silverPercent: 90,
  /** A placement taken later than this after the account was created raises LatePlacement. */
  latePlacementDays: 14,
  /** A learning outcome scored below this, percent, suggests a skill builder (AssignSkillBuilder). */
  skillBuilderBelowPercent: 60,
  /** Marked answers on an outcome before a low score raises AssignSkillBuilder: one wrong answer is not a pattern. */
  skillBuilderMinAnswers: 3,
  /** Days without activity before a student is inactive: the teacher's home badge (C34), and Inactivity in term (P15). */
  inactiveAfterDays: 7,
  /** A class is in term while at least this share of its students was active in the last `inactiveAfterDays`. */
  termActiveShare: 0.2,
} as const;

/** Coins for each event (docs/rules.md L7). */
export const COINS = {
  quizPassed: 10,
  quizPerfectBonus: 5,
  recordingSubmitted: 5,
  skillBuilderCompleted: 5,
  rateBuilderCompleted: 5,
  levelUp: 25,
  levelUpGold: 50,
} as const;
