import { DEFAULT_READING_SETTINGS } from '@readalong/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  READING_SETTINGS_KEY,
  getReadingSettings,
  updateReadingSettings,
  useReadingSettings,
} from './reading-settings';

describe('reading settings', () => {
  it('are the defaults (C13) when nothing is stored', () => {
    expect(getReadingSettings()).toEqual(DEFAULT_READING_SETTINGS);
  });

  it('are saved at once and read back', () => {
    updateReadingSettings({ highlight: false, fontSize: 1.5 });

    expect(JSON.parse(window.localStorage.getItem(READING_SETTINGS_KEY)!)).toEqual({
      ...DEFAULT_READING_SETTINGS,
      highlight: false,
      fontSize: 1.5,
    });
    expect(getReadingSettings()).toMatchObject({ highlight: false, fontSize: 1.5, narration: true });
  });

  it.each([
    ['text that is not JSON', '{oops'],
    ['a value of the wrong type', JSON.stringify({ ...DEFAULT_READING_SETTINGS, highlight: 'yes' })],
    ['a value out of range', JSON.stringify({ ...DEFAULT_READING_SETTINGS, fontSize: 9 })],
    ['a missing setting', JSON.stringify({ highlight: false })],
    ['an unknown setting', JSON.stringify({ ...DEFAULT_READING_SETTINGS, volume: 3 })],
  ])('fall back to the defaults on %s', (_case, stored) => {
    window.localStorage.setItem(READING_SETTINGS_KEY, stored);

    expect(getReadingSettings()).toEqual(DEFAULT_READING_SETTINGS);
  });

  it('refuse a value outside the contract', () => {
    expect(() => updateReadingSettings({ narrationSpeed: 5 })).toThrow();
    expect(getReadingSettings()).toEqual(DEFAULT_READING_SETTINGS);
  });

  it('re-render their readers when they change', () => {
    const { result } = renderHook(() => useReadingSettings());
    expect(result.current[0].pageFlip).toBe(false);

    act(() => void result.current[1]({ pageFlip: true }));

    expect(result.current[0].pageFlip).toBe(true);
  });
});
