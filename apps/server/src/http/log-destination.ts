/**
 * Where the server's log lines go unless a test names a stream: stdout (or `dest`), written in batches. A line is
 * written once 4 KB have gathered or within a second, and every line still held when the app closes or the process
 * exits (pino flushes on exit). One write a line was a tenth of an authenticated read's time (bench/results/hot-read.md).
 */
import pino from 'pino';

const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

export function batchedLog(dest: number | string = 1) {
  const destination = pino.destination({ dest, minLength: BATCH_BYTES, sync: false });
  const timer = setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return {
    destination,
    close() {
      clearInterval(timer);
      destination.flushSync();
    },
  };
}
