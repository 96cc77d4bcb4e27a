import { setAnalyticsSink, type AnalyticsProperties, type AnalyticsValue } from '@/lib/analytics';

export type AnalyticsCall =
  | { type: 'identify'; userId: string | null }
  | { type: 'user_property'; name: string; value: AnalyticsValue }
  | { type: 'event'; event: string; properties: AnalyticsProperties };

/** Sends analytics to an array for the rest of the test (test/setup.ts puts the default back). */
export function recordAnalytics(): AnalyticsCall[] {
  const calls: AnalyticsCall[] = [];
  setAnalyticsSink({
    identify: (userId) => calls.push({ type: 'identify', userId }),
    setUserProperty: (name, value) => calls.push({ type: 'user_property', name, value }),
    track: (event, properties) => calls.push({ type: 'event', event, properties }),
  });
  return calls;
}
