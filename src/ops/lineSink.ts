import { writeSync } from "node:fs";

/**
 * A pipe takes a write of up to this many bytes in one piece (POSIX PIPE_BUF): with
 * `WORKERS`, several processes share stdout, and a larger write could interleave with
 * another process's mid-line.
 */
const PIPE_ATOMIC = 4096;
const NEWLINE = 10;

/** Where the next write ends: whole lines within PIPE_ATOMIC bytes (a longer line alone, whole). */
function atomicEnd(bytes: Buffer): number {
  if (bytes.length <= PIPE_ATOMIC) return bytes.length;
  const last = bytes.lastIndexOf(NEWLINE, PIPE_ATOMIC - 1);
  if (last >= 0) return last + 1;
  const next = bytes.indexOf(NEWLINE, PIPE_ATOMIC);
  return next >= 0 ? next + 1 : bytes.length;
}

/**
 * The log's output: lines gather in memory and go to the file descriptor in one synchronous
 * write once `batch` characters have gathered, at least every `everyMs`, on `flush` (a
 * shutdown) and at exit. pino's own destination (SonicBoom) costs ~1.1 µs a line under Bun
 * even when buffered, and in the server (its writes go through the thread pool) far more;
 * this costs ~0.1 µs. Like pino's default destination the writes are synchronous; batching
 * makes them rare (a few per ~90 request lines, each whole lines of at most 4 KiB). A pipe that is full (EAGAIN) keeps its bytes
 * for the next try; a closed one (EPIPE) drops them.
 */
export class LineSink {
  private lines: string[] = [];
  private size = 0;
  /** Bytes a full pipe has not taken yet. */
  private rest: Buffer | null = null;

  constructor(
    private fd = 1, private batch = 16 * 1024, everyMs = 1000,
    private writeTo: (fd: number, bytes: Uint8Array) => number = writeSync,
  ) {
    setInterval(() => this.flush(), everyMs).unref();
    process.on("exit", () => this.flush());
  }

  write(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.batch) this.flush();
  }

  /** Writes everything gathered (pino's `logger.flush(cb)` calls this). */
  flush(cb?: () => void): void {
    if (this.size > 0) {
      const bytes = Buffer.from(this.lines.join(""));
      this.lines = [];
      this.size = 0;
      this.rest = this.rest ? Buffer.concat([this.rest, bytes]) : bytes;
    }
    while (this.rest) {
      try {
        const n = this.writeTo(this.fd, this.rest.subarray(0, atomicEnd(this.rest)));
        this.rest = n >= this.rest.length ? null : this.rest.subarray(n);
      } catch (err) {
        if ((err as { code?: string }).code !== "EAGAIN") this.rest = null;
        break;
      }
    }
    cb?.();
  }
}
