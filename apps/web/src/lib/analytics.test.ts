import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { identify, setAnalyticsSink, setUserProperty, track } from './analytics';

/** Gives jsdom a navigator.sendBeacon that keeps what it is sent. */
function captureBeacons() {
  const beacons: { url: string; body: Blob }[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => beacons.push({ url, body }) > 0,
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });
  return beacons;
}

/** jsdom's Blob has no text(); FileReader reads it. */
const readBeacon = (beacon: { body: Blob } | undefined) =>
  new Promise<unknown>((resolve, reject) => {
    if (!beacon) return reject(new Error('no beacon was sent'));
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(reader.result as string));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the beacon'));
    reader.readAsText(beacon.body);
  });

describe('analytics', () => {
  it('sends nothing anywhere by default', () => {
    const beacons = captureBeacons();

    identify('7');
    track('session_activity', { at: 'now' });

    expect(beacons).toEqual([]);
  });

  it('sends each call as a JSON beacon to VITE_ANALYTICS_URL, carrying the user id', async () => {
    vi.stubEnv('VITE_ANALYTICS_URL', 'https://analytics.example.test/collect');
    const beacons = captureBeacons();

    identify('42');
    setUserProperty('account_type', 'Basic');
    track('session_activity', { at: '2030-01-01T00:00:00.000Z' });

    expect(beacons.map((beacon) => beacon.url)).toEqual(
      Array(3).fill('https://analytics.example.test/collect'),
    );
    expect(beacons[0]?.body.type).toBe('application/json');
    expect(await readBeacon(beacons[0])).toMatchObject({ type: 'identify', user_id: '42' });
    expect(await readBeacon(beacons[1])).toMatchObject({
      type: 'user_property',
      name: 'account_type',
      value: 'Basic',
      user_id: '42',
    });
    expect(await readBeacon(beacons[2])).toMatchObject({
      type: 'event',
      event: 'session_activity',
      properties: { at: '2030-01-01T00:00:00.000Z' },
      user_id: '42',
    });
  });

  it('never lets a failing sink break the caller', () => {
    setAnalyticsSink({
      identify: () => {
        throw new Error('down');
      },
      setUserProperty: () => {
        throw new Error('down');
      },
      track: () => {
        throw new Error('down');
      },
    });

    expect(() => {
      identify('7');
      setUserProperty('account_type', 'Basic');
      track('anything');
    }).not.toThrow();
  });
});
