/**
 * Toast notifications (docs/rules.md C9): short messages that leave on their own. Call `showToast` from anywhere;
 * `<Toaster />` (lib/toaster.tsx) shows them.
 */
import { DEFAULT_TOAST_POSITION, TOAST_POSITIONS, TOAST_TIMEOUT_MS, TOAST_TYPES } from '@readalong/contracts';
import { useSyncExternalStore } from 'react';

export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export interface ToastOptions {
  type: ToastType;
  message: string;
  title?: string;
  /** Milliseconds before it leaves: a non-negative integer; 0 keeps it until closed. Ignored for 'ongoing'. */
  timeout?: number;
  position?: ToastPosition;
}

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  title: string | undefined;
  timeout: number;
  position: ToastPosition;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<
  string,
  { handle: ReturnType<typeof setTimeout>; endsAt: number } | { remaining: number }
>();
let nextId = 1;

function publish(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function checkTimeout(timeout: number): number {
  if (!Number.isInteger(timeout) || timeout < 0) {
    throw new RangeError(
      `Toast timeout must be a non-negative integer of milliseconds, not ${String(timeout)}`,
    );
  }
  return timeout;
}

function checkPosition(position: string): ToastPosition {
  const known: readonly string[] = TOAST_POSITIONS;
  if (!known.includes(position)) {
    throw new RangeError(`Toast position must be one of ${TOAST_POSITIONS.join(', ')}, not "${position}"`);
  }
  return position as ToastPosition;
}

function checkType(type: string): ToastType {
  const known: readonly string[] = TOAST_TYPES;
  if (!known.includes(type))
    throw new RangeError(`Toast type must be one of ${TOAST_TYPES.join(', ')}, not "${type}"`);
  return type as ToastType;
}

/** Starts (or restarts) the countdown to removal; 'ongoing' toasts and timeout 0 have none. */
function schedule(toast: Toast, milliseconds = toast.timeout): void {
  stopTimer(toast.id);
  if (toast.type === 'ongoing' || toast.timeout === 0) return;
  const handle = setTimeout(() => dismissToast(toast.id), milliseconds);
  timers.set(toast.id, { handle, endsAt: Date.now() + milliseconds });
}

function stopTimer(id: string): void {
  const timer = timers.get(id);
  if (timer && 'handle' in timer) clearTimeout(timer.handle);
  timers.delete(id);
}

/**
 * Shows a toast and returns its id. Defaults: position 'bottom', timeout TOAST_TIMEOUT_MS (5000 ms).
 * Throws a RangeError for a timeout that is not a non-negative integer or a position that is not one of nine.
 */
export function showToast(options: ToastOptions): string {
  const toast: Toast = {
    id: `toast-${nextId++}`,
    type: checkType(options.type),
    message: options.message,
    title: options.title,
    timeout: checkTimeout(options.timeout ?? TOAST_TIMEOUT_MS),
    position: checkPosition(options.position ?? DEFAULT_TOAST_POSITION),
  };
  publish([...toasts, toast]);
  schedule(toast);
  return toast.id;
}

/**
 * Changes a toast that is showing, e.g. an 'ongoing' one into 'positive' when the long work is done; its
 * countdown starts again from the (new) timeout. Does nothing when the toast has already gone.
 */
export function updateToast(id: string, changes: Partial<ToastOptions>): void {
  const existing = toasts.find((toast) => toast.id === id);
  if (!existing) return;
  const updated: Toast = {
    ...existing,
    ...(changes.type !== undefined && { type: checkType(changes.type) }),
    ...(changes.message !== undefined && { message: changes.message }),
    ...('title' in changes && { title: changes.title }),
    ...(changes.timeout !== undefined && { timeout: checkTimeout(changes.timeout) }),
    ...(changes.position !== undefined && { position: checkPosition(changes.position) }),
  };
  publish(toasts.map((toast) => (toast.id === id ? updated : toast)));
  schedule(updated);
}

/** Removes a toast now. */
export function dismissToast(id: string): void {
  stopTimer(id);
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

/** Removes every toast: signing out (the next user must not read the last one's), tests. */
export function dismissAllToasts(): void {
  toasts.forEach((toast) => stopTimer(toast.id));
  publish([]);
}

/**
 * Holds a toast's countdown while the pointer or keyboard focus is on it, so a slow reader is not cut off
 * (WCAG 2.2.1); `resumeToast` lets the rest of the time run.
 */
export function pauseToast(id: string): void {
  const timer = timers.get(id);
  if (!timer || !('handle' in timer)) return;
  clearTimeout(timer.handle);
  timers.set(id, { remaining: Math.max(0, timer.endsAt - Date.now()) });
}

/** Lets a paused toast's countdown run on. */
export function resumeToast(id: string): void {
  const timer = timers.get(id);
  const toast = toasts.find((candidate) => candidate.id === id);
  if (!timer || !toast || !('remaining' in timer)) return;
  schedule(toast, timer.remaining);
}

/** The toasts showing now, oldest first. */
export const getToasts = (): readonly Toast[] => toasts;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts showing now, re-rendering when they change. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
