/**
 * Starts a server under test as its own process, so the load generator's CPU is not the server's: the real product
 * (src/main.ts, as `npm start` runs it, request logs to stdout as shipped, discarded here) or the bare peer
 * (peer-server.ts). BENCH_CPU_PROF=<folder> runs it under `node --cpu-prof` and writes the profile there on stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server under test: this checkout's, or BENCH_SERVER_ROOT's (another checkout's apps/server, to compare). */
const SERVER_ROOT =
  process.env.BENCH_SERVER_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  pid: number;
  /** CPU seconds the process (all its threads) has used so far; NaN where /proc is missing. */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
}

/** Linux's clock ticks a second, as `getconf CLK_TCK` gives them on every platform Node supports. */
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU time of a process from /proc/<pid>/stat (fields 14–17, after the command in brackets: its
 * own, then that of its children it has waited for), with its living Node children's (the server processes it
 * forked, WEB_CONCURRENCY; not an embedded PostgreSQL's). On a shared machine a server's throughput swings with
 * the others' load; the CPU it spends a request does not.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
    const servers = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter((child) => child && readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node');
    return ticks / TICKS_PER_SECOND + servers.reduce((sum, child) => sum + cpuSecondsOf(Number(child)), 0);
  } catch {
    return NaN;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within 2 minutes:\n${stderr()}`);
}

export async function startServer(
  kind: 'real' | 'peer',
  env: Record<string, string>,
  healthPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const script = kind === 'real' ? 'src/main.ts' : 'bench/support/peer-server.ts';
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      // One folder per kind: tsx's loader thread writes a profile of its own beside the main thread's.
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, kind)}`] : []),
      '--import',
      'tsx',
      script,
    ],
    {
      cwd: SERVER_ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url + healthPath, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
