/**
 * Product analytics behind one small seam. The default sink drops everything; with `VITE_ANALYTICS_URL` set,
 * each call is sent there as JSON with navigator.sendBeacon, which survives the page closing and never delays it.
 */
import { setting } from './env';

export type AnalyticsValue = string | number | boolean | null;
export type AnalyticsProperties = Readonly<Record<string, AnalyticsValue>>;

/** Where analytics calls go. */
export interface AnalyticsSink {
  identify(userId: string | null): void;
  setUserProperty(name: string, value: AnalyticsValue): void;
  track(event: string, properties: AnalyticsProperties): void;
}

const droppingSink: AnalyticsSink = {
  identify: () => undefined,
  setUserProperty: () => undefined,
  track: () => undefined,
};

/** Sends every call to `url` as one JSON beacon, carrying the identified user so each event stands alone. */
export function beaconSink(url: string): AnalyticsSink {
  let userId: string | null = null;
  const send = (payload: Record<string, unknown>) => {
    const body = JSON.stringify({ ...payload, user_id: userId, sent_at: new Date().toISOString() });
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  };
  return {
    identify: (id) => {
      userId = id;
      send({ type: 'identify' });
    },
    setUserProperty: (name, value) => send({ type: 'user_property', name, value }),
    track: (event, properties) => send({ type: 'event', event, properties }),
  };
}

function defaultSink(): AnalyticsSink {
  const url = setting('VITE_ANALYTICS_URL');
  return url && typeof navigator.sendBeacon === 'function' ? beaconSink(url) : droppingSink;
}

let sink: AnalyticsSink | undefined;
const currentSink = () => (sink ??= defaultSink());

/** Replaces where analytics goes (tests, or another provider); `undefined` goes back to the default. */
export function setAnalyticsSink(replacement: AnalyticsSink | undefined): void {
  sink = replacement;
}

/** Analytics never breaks the app: a sink that throws is ignored. */
function safely(call: (target: AnalyticsSink) => void): void {
  try {
    call(currentSink());
  } catch {
    // Lost analytics is better than a broken screen.
  }
}

/** Ties later events to this user id; null after sign-out. */
export function identify(userId: string | null): void {
  safely((target) => target.identify(userId));
}

/** Sets a property of the identified user, such as the account type. */
export function setUserProperty(name: string, value: AnalyticsValue): void {
  safely((target) => target.setUserProperty(name, value));
}

/** Records one event. */
export function track(event: string, properties: AnalyticsProperties = {}): void {
  safely((target) => target.track(event, properties));
}
