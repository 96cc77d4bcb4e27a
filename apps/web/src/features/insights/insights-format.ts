/** How the insights screen writes its figures. */

export const orDash = (value: number | null, unit = '') =>
  value === null ? '—' : `${Math.round(value)}${unit}`;

/** "2 Mar" for a bare UTC date. */
export const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
