/**
 * The one way the server runs another program (ffmpeg, espeak-ng, sox, pocketsphinx, lame, pg_dump, pg_restore):
 * arguments never pass through a shell, the output is bounded, the time may be, and a failure names the program
 * and why, never its arguments (they may hold a database URL with its password).
 */
import { execFile, type ExecFileException } from 'node:child_process';
import path from 'node:path';

export interface RunOptions {
  /** Written to the program's standard input (else it reads an empty one). */
  input?: Buffer;
  /** Stopped after this long; unset: no limit. */
  timeoutMs?: number;
  /** More standard output than this fails the run (default 1 MiB). */
  maxOutputBytes?: number;
  /** The path of `nice`: the program runs at a lower priority, so it never slows the answers to requests. */
  nice?: string | null;
  /** How much lower, with `nice`: 1 to 19 (default 10). */
  niceness?: number;
}

/** A program that could not run (`missing`: not installed) or failed. */
export class ProgramError extends Error {
  constructor(
    message: string,
    readonly program: string,
    readonly missing: boolean,
  ) {
    super(message);
    this.name = 'ProgramError';
  }
}

/** Runs `program` with `args`; resolves with its output once it exits with 0, else rejects with a ProgramError. */
export function runProgram(
  program: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  const [file, fileArgs] = options.nice
    ? [options.nice, ['-n', String(options.niceness ?? 10), program, ...args]]
    : [program, [...args]];
  const limits = { timeout: options.timeoutMs ?? 0, maxBuffer: options.maxOutputBytes ?? 1024 * 1024 };
  return new Promise((resolve, reject) => {
    const child = execFile(file, fileArgs, { encoding: 'buffer', ...limits }, (error, stdout, stderr) => {
      if (error) reject(failure(path.basename(program), error, stderr.toString(), limits));
      else resolve({ stdout, stderr: stderr.toString() });
    });
    // A program that exits without reading all its input is no error of writing it.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  });
}

function failure(
  name: string,
  error: ExecFileException,
  stderr: string,
  limits: { timeout: number; maxBuffer: number },
): ProgramError {
  if (error.code === 'ENOENT') return new ProgramError(`${name} is not installed`, name, true);
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
    return new ProgramError(`${name} wrote more than ${limits.maxBuffer} bytes`, name, false);
  if (error.killed && limits.timeout)
    return new ProgramError(`${name} took longer than ${limits.timeout} ms`, name, false);
  const said = stderr.trim().split('\n').at(-1);
  const status = error.signal ? `killed by ${error.signal}` : `exit code ${String(error.code)}`;
  return new ProgramError(`${name} failed: ${said || status}`, name, false);
}
