import { describe, expect, it } from 'vitest';
import { freshFor, isFreshLink } from './signed-links';

const NOW = Date.UTC(2030, 0, 1, 12);
const link = (expiresInMs: number) =>
  `/api/files/recordings/7/take.webm?expires=${Math.floor((NOW + expiresInMs) / 1000)}&signature=abc`;
const HOUR = 60 * 60 * 1000;

describe('signed links', () => {
  it('are stale without an expiry or within an hour of it', () => {
    expect(isFreshLink(link(6 * HOUR), NOW)).toBe(true);
    expect(isFreshLink(link(HOUR - 1000), NOW)).toBe(false);
    expect(isFreshLink('/api/files/recordings/7/take.webm?signature=abc', NOW)).toBe(false);
  });

  it('keep data fresh until the first of its links turns stale', () => {
    expect(freshFor([link(6 * HOUR), null, link(3 * HOUR)], 5 * HOUR, NOW)).toBe(2 * HOUR);
    expect(freshFor([link(6 * HOUR)], 60_000, NOW)).toBe(60_000);
    expect(freshFor([link(30 * 60 * 1000)], 60_000, NOW)).toBe(0);
    expect(freshFor([null], 60_000, NOW)).toBe(60_000);
  });
});
