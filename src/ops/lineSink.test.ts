// The log's buffered output: nothing is lost, and writes are batched.
import { afterAll, expect, test } from "bun:test";
import { constants, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { atomicLimit, LineSink } from "./lineSink";

const dir = mkdtempSync(join(tmpdir(), "runboard-linesink-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("lines are written in order, in batches once the batch size is reached, and the rest on flush", () => {
  const file = join(dir, "batches.log");
  const sink = new LineSink(openSync(file, "a"), 100, 60_000);
  const lines = Array.from({ length: 12 }, (_, i) => `{"n":${i},"pad":"${"x".repeat(10)}"}\n`);
  for (const line of lines.slice(0, 3)) sink.write(line);
  expect(readFileSync(file, "utf8")).toBe(""); // 3 lines: below the batch
  for (const line of lines.slice(3)) sink.write(line);
  const written = readFileSync(file, "utf8");
  expect(written.length).toBeGreaterThanOrEqual(100);
  expect(lines.join("").startsWith(written)).toBe(true);
  let flushed = false;
  sink.flush(() => { flushed = true; });
  expect(flushed).toBe(true);
  expect(readFileSync(file, "utf8")).toBe(lines.join(""));
});

test("a lone line is written within the flush interval", async () => {
  const file = join(dir, "lone.log");
  const sink = new LineSink(openSync(file, "a"), 1 << 20, 20);
  sink.write("lone\n");
  while (readFileSync(file, "utf8") !== "lone\n") await Bun.sleep(5);
});

test("writing to a closed descriptor drops the lines instead of throwing", () => {
  const sink = new LineSink(987_654, 10, 60_000);
  expect(() => sink.write("x".repeat(20))).not.toThrow();
  expect(() => sink.flush()).not.toThrow();
});

test("each write is whole lines of at most 4 KiB (atomic on a pipe that several WORKERS share); a longer line goes alone", () => {
  const writes: string[] = [];
  const sink = new LineSink(1, 16 * 1024, 60_000, (_fd, bytes) => {
    writes.push(Buffer.from(bytes).toString());
    return bytes.length;
  }, 4096);
  const lines = Array.from({ length: 200 }, (_, i) => `{"n":${i},"pad":"${"x".repeat(i % 7 === 0 ? 5000 : 90)}"}\n`);
  for (const line of lines) sink.write(line);
  sink.flush();
  expect(writes.join("")).toBe(lines.join(""));
  for (const w of writes) {
    expect(w.endsWith("\n")).toBe(true);
    if (w.length > 4096) expect(w.split("\n")).toHaveLength(2); // one long line, alone
  }
  expect(writes.length).toBeGreaterThan(1);
});

test("writes are capped at 4 KiB on a pipe (shared by WORKERS) but not on a file", () => {
  const fifo = join(dir, "fifo");
  expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
  const pipe = openSync(fifo, constants.O_RDWR); // read-write: opening a FIFO this way does not wait for a reader
  expect(atomicLimit(pipe)).toBe(4096);
  expect(atomicLimit(openSync(join(dir, "plain.log"), "a"))).toBe(Number.POSITIVE_INFINITY);
  expect(atomicLimit(987_654)).toBe(4096); // unknown: as careful as a pipe
});

test("on a file a batch goes out in one write", () => {
  const file = join(dir, "one-write.log");
  const fd = openSync(file, "a");
  const sizes: number[] = [];
  const sink = new LineSink(fd, 16 * 1024, 60_000, (f, bytes) => {
    sizes.push(bytes.length);
    return writeSync(f, bytes);
  });
  const line = `{"pad":"${"x".repeat(170)}"}\n`;
  for (let i = 0; i < 100; i++) sink.write(line);
  expect(sizes).toHaveLength(1); // one write of the first 16 KiB of lines, not four
  sink.flush();
  expect(readFileSync(file, "utf8")).toBe(line.repeat(100));
});

test("any text and any length arrive whole: multi-byte characters, a line longer than the buffer", () => {
  const file = join(dir, "text.log");
  const sink = new LineSink(openSync(file, "a"), 64, 60_000);
  const lines = ["é€😀 route /odd/\"quoted\"\n", `${"ü".repeat(500)}\n`, "after\n"];
  for (const line of lines) sink.write(line);
  sink.flush();
  expect(readFileSync(file, "utf8")).toBe(lines.join(""));
});

test("a full pipe (EAGAIN) keeps its bytes for the next flush, in order", () => {
  const taken: string[] = [];
  let full = true;
  const sink = new LineSink(1, 1 << 20, 60_000, (_fd, bytes) => {
    if (full) throw Object.assign(new Error("full"), { code: "EAGAIN" });
    taken.push(Buffer.from(bytes).toString());
    return bytes.length;
  }, 4096);
  sink.write("one\n");
  sink.flush();
  sink.write("two\n"); // the buffer is reused: the kept bytes must not be overwritten
  sink.flush();
  expect(taken).toEqual([]);
  full = false;
  sink.flush();
  expect(taken.join("")).toBe("one\ntwo\n");
});
