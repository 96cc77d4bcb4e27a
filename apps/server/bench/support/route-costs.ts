/**
 * What each route of the morning bell costs the server, one route at a time: the server process's CPU (all its
 * threads, Argon2id's pool included) a request. Run before the open loop with BENCH_ROUTE_COSTS=<requests a
 * route>; the open loop's figures say how the whole behaves, these say where to look.
 */
import { Pool } from 'undici';
import type { RunningServer } from './server.js';

export interface RouteCost {
  route: string;
  requests: number;
  cpuUsPerRequest: number;
}

/** A request to send: its method, path, headers and body. */
export interface RouteCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Requests in flight at once: enough to keep the server busy without queueing far behind it. */
const IN_FLIGHT = 4;

/** Sends `callFor(0 … requests-1)`, IN_FLIGHT at once, and answers the server's CPU a request. */
export async function measureRoute(
  server: RunningServer,
  route: string,
  requests: number,
  callFor: (index: number) => RouteCall,
): Promise<RouteCost> {
  const pool = new Pool(server.url, { connections: IN_FLIGHT, pipelining: 1 });
  const cpuBefore = server.cpuSeconds();
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const call = callFor(next++);
      const response = await pool.request(call);
      await response.body.text();
      if (response.statusCode >= 400) throw new Error(`${response.statusCode} ${call.method} ${route}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const cpuSeconds = server.cpuSeconds() - cpuBefore;
  await pool.close();
  return { route, requests, cpuUsPerRequest: (cpuSeconds * 1e6) / requests };
}

export const routeCostsTable = (costs: RouteCost[]) =>
  [
    '| route | requests | server CPU a request (µs) |',
    '| --- | --- | --- |',
    ...costs.map((cost) => `| ${cost.route} | ${cost.requests} | ${cost.cpuUsPerRequest.toFixed(0)} |`),
  ].join('\n');
