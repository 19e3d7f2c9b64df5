import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, afterEach, beforeEach, expect, setDefaultTimeout } from "bun:test";
import { closeTestDb } from "./db";
import "./fastHash";
import { realSetTimeout } from "./delays";
import { restoreClipboard } from "./clipboard";

// happy-dom replaces fetch, Request, Response and Headers (and hides Set-Cookie); the API
// tests need Bun's own, so keep them across the registration.
const keep = ["fetch", "Request", "Response", "Headers", "FormData", "URL", "URLSearchParams", "AbortController", "AbortSignal", "Blob", "File", "ReadableStream", "TextEncoder", "TextDecoder", "crypto", "WebSocket"] as const;
const saved = Object.fromEntries(keep.map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
GlobalRegistrator.register({ url: "http://localhost:3000/", width: 1280, height: 900 });
for (const k of keep) (globalThis as Record<string, unknown>)[k] = saved[k];
// happy-dom has no EventSource: the calendar islands' live stream (islands/components/liveRuns.ts)
// opens one on mount; here it never hears anything (liveRuns.test.tsx puts a fake in its place).
export class SilentEventSource {
  addEventListener() {}
  close() {}
}
(globalThis as { EventSource?: unknown }).EventSource = SilentEventSource;
// Testing Library sets up its act() environment and auto-cleanup only within the first test
// file that imports it (Bun runs all files in one process), so do both here, for every file.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// React's development build reports every component render to the Performance timeline
// (performance.measure, for the browser DevTools' React tracks) when console.timeStamp
// exists. Here nobody reads that timeline, and each measure's details were cloned: ~15 % of
// an island test's CPU. react-dom decides once, when it loads, so it loads without it.
const timeStamp = console.timeStamp;
(console as { timeStamp?: unknown }).timeStamp = undefined;
await import("react-dom/client");
console.timeStamp = timeStamp;
const { cleanup, configure } = await import("@testing-library/react");
// findBy*/waitFor give up after 1 s by default, which a render on this loaded 2-core machine
// can exceed; they still return as soon as the condition holds.
configure({ asyncUtilTimeout: 5_000 });

// API tests hash passwords and start databases; 5 s is tight on a loaded 2-core machine.
setDefaultTimeout(20_000);

// Any console.error during a test (hydration mismatch, React warning, unexpected server
// error) fails that test.
let errors: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
});
afterEach(() => {
  cleanup();
  // A test's fetch stub (./apiStub), recorded delays (./delays) and clipboard never outlive it.
  globalThis.fetch = saved.fetch as typeof fetch;
  globalThis.setTimeout = realSetTimeout;
  restoreClipboard();
  console.error = originalError;
  expect(errors.map((e) => e.map(String).join(" "))).toEqual([]);
});

// In one process (`bun test`) this runs once, after the last file. A `--parallel --no-isolate`
// worker (`bun run test`) runs it after each of its files: there the database stays open for
// the worker's next file, and is dropped once the worker has ended (./db `dropWhenGone`).
afterAll(async () => {
  if (!process.env.BUN_TEST_WORKER_ID) await closeTestDb();
});
