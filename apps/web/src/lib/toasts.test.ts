import { TOAST_POSITIONS, TOAST_TIMEOUT_MS } from '@readalong/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToasts,
  pauseToast,
  resumeToast,
  showToast,
  updateToast,
  type ToastPosition,
} from './toasts';

describe('toasts', () => {
  it('shows at the bottom for 5000 ms by default', () => {
    vi.useFakeTimers();
    showToast({ type: 'positive', message: 'Saved.' });

    expect(getToasts()).toMatchObject([
      { type: 'positive', message: 'Saved.', position: 'bottom', timeout: 5000 },
    ]);
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('accepts each of the nine positions', () => {
    for (const position of TOAST_POSITIONS) showToast({ type: 'info', message: position, position });

    expect(getToasts().map((toast) => toast.position)).toEqual([...TOAST_POSITIONS]);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses the timeout %s with a RangeError',
    (timeout) => {
      expect(() => showToast({ type: 'info', message: 'x', timeout })).toThrow(RangeError);
      expect(() => showToast({ type: 'info', message: 'x', timeout })).toThrow(String(timeout));
      expect(getToasts()).toEqual([]);
    },
  );

  it('refuses an unknown position with a RangeError naming it', () => {
    const position = 'middle' as ToastPosition;

    expect(() => showToast({ type: 'info', message: 'x', position })).toThrow(RangeError);
    expect(() => showToast({ type: 'info', message: 'x', position })).toThrow('"middle"');
  });

  it('keeps a toast with timeout 0 until it is dismissed', () => {
    vi.useFakeTimers();
    const id = showToast({ type: 'warning', message: 'Check this.', timeout: 0 });

    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(getToasts()).toHaveLength(1);
    dismissToast(id);
    expect(getToasts()).toEqual([]);
  });

  it('keeps an ongoing toast until an update finishes it, then lets it time out', () => {
    vi.useFakeTimers();
    const id = showToast({ type: 'ongoing', message: 'Uploading…', timeout: 1000 });

    vi.advanceTimersByTime(60_000);
    expect(getToasts()).toMatchObject([{ id, type: 'ongoing' }]);

    updateToast(id, { type: 'positive', message: 'Uploaded.' });
    expect(getToasts()).toMatchObject([{ id, type: 'positive', message: 'Uploaded.' }]);
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toEqual([]);
  });

  it('checks the values of an update as it checks new toasts', () => {
    const id = showToast({ type: 'ongoing', message: 'Working…' });

    expect(() => updateToast(id, { timeout: -5 })).toThrow(RangeError);
    expect(getToasts()).toMatchObject([{ id, type: 'ongoing', message: 'Working…' }]);
  });

  it('holds the countdown while paused and runs the rest after', () => {
    vi.useFakeTimers();
    const id = showToast({ type: 'negative', message: 'Could not save.', timeout: 1000 });

    vi.advanceTimersByTime(600);
    pauseToast(id);
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);

    resumeToast(id);
    vi.advanceTimersByTime(399);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('gives every toast its own id', () => {
    const ids = [showToast({ type: 'info', message: 'a' }), showToast({ type: 'info', message: 'b' })];

    expect(new Set(ids).size).toBe(2);
  });
});
