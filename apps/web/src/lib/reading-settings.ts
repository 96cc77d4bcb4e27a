/**
 * The student's reading settings (docs/rules.md C13): kept in this browser's
 * localStorage, checked against the contract's schema on every read, so stored data that is missing, old or
 * damaged reads back as the defaults rather than breaking the reader.
 */
import { DEFAULT_READING_SETTINGS, ReadingSettings } from '@readalong/contracts';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

export type ReadingSettingsValue = z.infer<typeof ReadingSettings>;

export const READING_SETTINGS_KEY = 'readalong.reading-settings';

/** The choices the settings page offers (all inside the contract's ranges). */
export const NARRATION_SPEEDS = [0.75, 1, 1.25, 1.5] as const;
export const FONT_SIZES = [1, 1.25, 1.5] as const;

export const defaultReadingSettings = (): ReadingSettingsValue => ({ ...DEFAULT_READING_SETTINGS });

function readStored(): ReadingSettingsValue {
  try {
    const text = window.localStorage.getItem(READING_SETTINGS_KEY);
    if (text === null) return defaultReadingSettings();
    const parsed = ReadingSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultReadingSettings();
  } catch {
    // Unreadable storage (private browsing) or text that is not JSON.
    return defaultReadingSettings();
  }
}

const listeners = new Set<() => void>();
let cached: { text: string | null; value: ReadingSettingsValue } | undefined;

function storedText(): string | null {
  try {
    return window.localStorage.getItem(READING_SETTINGS_KEY);
  } catch {
    return null;
  }
}

/** The settings in force; the same object until they change, as useSyncExternalStore needs. */
export function getReadingSettings(): ReadingSettingsValue {
  const text = storedText();
  if (!cached || cached.text !== text) cached = { text, value: readStored() };
  return cached.value;
}

/** Changes some settings and saves them at once. Values outside the schema are refused. */
export function updateReadingSettings(change: Partial<ReadingSettingsValue>): ReadingSettingsValue {
  const next = ReadingSettings.parse({ ...getReadingSettings(), ...change });
  try {
    window.localStorage.setItem(READING_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage refused the write: the settings last for this page only.
    cached = { text: storedText(), value: next };
  }
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === READING_SETTINGS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The reading settings and a way to change them; every reader re-renders when they change (in any tab). */
export function useReadingSettings(): [ReadingSettingsValue, typeof updateReadingSettings] {
  const settings = useSyncExternalStore(subscribe, getReadingSettings, getReadingSettings);
  return [settings, updateReadingSettings];
}
