/** How the insights screen writes its figures. */
import { formatShortDay } from '@/lib/dates';

export const orDash = (value: number | null, unit = '') =>
  value === null ? '—' : `${Math.round(value)}${unit}`;

/** "2 Mar" for a bare UTC date. */
export const shortDay = formatShortDay;
