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
 * The log's output: each line is encoded into one reused buffer as it comes, and the buffer
 * goes to the file descriptor in one synchronous write once `batch` bytes have gathered, at
 * least every `everyMs`, on `flush` (a shutdown) and at exit. Not pino's own destination
 * (SonicBoom), which costs several times more per line under Bun; lines are encoded one by
 * one, not gathered in a string and encoded on flush, which cost more still
 * (docs/decisions/14-operations.md). The writes are synchronous, like pino's default
 * destination; batching makes them rare (on a pipe, whole lines of at most 4 KiB a write).
 * A pipe that is full (EAGAIN) keeps its bytes for the next try; a closed one (EPIPE) drops
 * them.
 */
export class LineSink {
  private buf: Buffer;
  /** Bytes of `buf` in use. */
  private filled = 0;
  /** Bytes a full pipe has not taken yet. */
  private rest: Buffer | null = null;

  constructor(
    private fd = 1, private batch = 64 * 1024, everyMs = 1000,
    private writeTo: (fd: number, bytes: Uint8Array) => number = writeSync,
    private atomic = atomicLimit(fd),
  ) {
    this.buf = Buffer.allocUnsafe(batch + 4096);
    setInterval(() => this.flush(), everyMs).unref();
    process.on("exit", () => this.flush());
  }

  write(line: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8: make sure the whole line fits.
    if (this.filled + 3 * line.length > this.buf.length) {
      this.flush();
      if (3 * line.length > this.buf.length) {
        this.send(Buffer.from(line)); // longer than the buffer: on its own
        return;
      }
    }
    this.filled += this.buf.write(line, this.filled);
    if (this.filled >= this.batch) this.flush();
  }

  /**
   * Makes room for a line of at most `max` bytes, to be written into `buffer` from `used` and
   * then handed over with `commit(end)`; false when no line that long fits the buffer (write it
   * with `write`).
   */
  room(max: number): boolean {
    if (this.filled + max <= this.buf.length) return true;
    this.flush();
    return max <= this.buf.length;
  }

  /** The buffer lines are gathered in (see `room`), and the bytes of it in use. */
  get buffer(): Buffer {
    return this.buf;
  }

  get used(): number {
    return this.filled;
  }

  /** Takes the bytes written into `buffer` up to `end` (after `room`). */
  commit(end: number): void {
    this.filled = end;
    if (end >= this.batch) this.flush();
  }

  /** Writes everything gathered (pino's `logger.flush(cb)` calls this). */
  flush(cb?: () => void): void {
    if (this.filled > 0) {
      const gathered = this.buf.subarray(0, this.filled);
      this.filled = 0;
      this.send(gathered);
    } else if (this.rest) this.send(null);
    cb?.();
  }

  /** Writes what a full pipe kept, then `bytes`; what is still not taken is kept (copied: `buf` is reused). */
  private send(bytes: Buffer | null): void {
    let out = this.rest && bytes ? Buffer.concat([this.rest, bytes]) : (this.rest ?? bytes);
    this.rest = null;
    while (out && out.length > 0) {
      try {
        const n = this.writeTo(this.fd, out.subarray(0, atomicEnd(out, this.atomic)));
        out = out.subarray(n);
      } catch (err) {
        if ((err as { code?: string }).code === "EAGAIN") this.rest = Buffer.from(out);
        return;
      }
    }
  }
}
