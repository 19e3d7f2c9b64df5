import { fstatSync, writeSync } from "node:fs";

/**
 * A pipe takes a write of up to this many bytes in one piece (POSIX PIPE_BUF): with
 * `WORKERS`, several processes share stdout, and a larger write could interleave with
 * another process's mid-line.
 */
const PIPE_ATOMIC = 4096;
const NEWLINE = 10;

/** Where the next write ends: whole lines within `limit` bytes (a longer line alone, whole). */
function atomicEnd(bytes: Buffer, limit: number): number {
  if (bytes.length <= limit) return bytes.length;
  const last = bytes.lastIndexOf(NEWLINE, limit - 1);
  if (last >= 0) return last + 1;
  const next = bytes.indexOf(NEWLINE, limit);
  return next >= 0 ? next + 1 : bytes.length;
}

/**
 * The largest write that cannot interleave with another process's: PIPE_ATOMIC on a pipe or
 * socket; any size on a file (Linux serialises writes to one open file, so processes that
 * inherited it never split each other's lines). Unknown (a closed descriptor): a pipe's.
 */
export function atomicLimit(fd: number): number {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket() ? PIPE_ATOMIC : Number.POSITIVE_INFINITY;
  } catch {
    return PIPE_ATOMIC;
  }
}

/**
 * The log's output: lines gather in memory and go to the file descriptor in one synchronous
 * write once `batch` characters have gathered, at least every `everyMs`, on `flush` (a
 * shutdown) and at exit. pino's own destination (SonicBoom) costs ~1.1 µs a line under Bun
 * even when buffered, and in the server (its writes go through the thread pool) far more;
 * this costs ~0.1 µs. Like pino's default destination the writes are synchronous; batching
 * makes them rare (one per ~90 request lines on a file; on a pipe, whole lines of at most 4 KiB
 * a write). A pipe that is full (EAGAIN) keeps its bytes
 * for the next try; a closed one (EPIPE) drops them.
 */
export class LineSink {
  /** Lines gathered since the last write (a string grown by `+=`: cheaper per line than an array joined later). */
  private pending = "";
  /** Bytes a full pipe has not taken yet. */
  private rest: Buffer | null = null;

  constructor(
    private fd = 1, private batch = 16 * 1024, everyMs = 1000,
    private writeTo: (fd: number, bytes: Uint8Array) => number = writeSync,
    private atomic = atomicLimit(fd),
  ) {
    setInterval(() => this.flush(), everyMs).unref();
    process.on("exit", () => this.flush());
  }

  write(line: string): void {
    this.pending += line;
    if (this.pending.length >= this.batch) this.flush();
  }

  /** Writes everything gathered (pino's `logger.flush(cb)` calls this). */
  flush(cb?: () => void): void {
    if (this.pending.length > 0) {
      const bytes = Buffer.from(this.pending);
      this.pending = "";
      this.rest = this.rest ? Buffer.concat([this.rest, bytes]) : bytes;
    }
    while (this.rest) {
      try {
        const n = this.writeTo(this.fd, this.rest.subarray(0, atomicEnd(this.rest, this.atomic)));
        this.rest = n >= this.rest.length ? null : this.rest.subarray(n);
      } catch (err) {
        if ((err as { code?: string }).code !== "EAGAIN") this.rest = null;
        break;
      }
    }
    cb?.();
  }
}
