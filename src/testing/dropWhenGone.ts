// `bun src/testing/dropWhenGone.ts PID SERVER_URL DATABASE`: waits until process PID has
// ended, then drops DATABASE on the PostgreSQL server. A test process starts it beside the
// database it creates (./db), because a `bun test --parallel` worker is ended without running
// any hook or exit handler: its database would otherwise outlive the run, as it would after a
// crash or Ctrl-C.
import postgres from "postgres";

const [pid, serverUrl, name] = process.argv.slice(2);
if (!pid || !serverUrl || !name) throw new Error("usage: dropWhenGone.ts PID SERVER_URL DATABASE");

const alive = () => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
};
while (alive()) await Bun.sleep(100);

const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
} finally {
  await admin.end();
}
