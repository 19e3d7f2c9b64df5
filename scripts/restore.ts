// `bun run restore FILE [--force]`: load a backup into an empty database (--force: replace one).
import { parseConfig } from "../src/config/appConfig";
import { restore } from "../src/ops/backup";
import { T } from "../src/shared/text";
import { cli } from "./ops-cli";

await cli(async (args) => {
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1) throw new Error(T.ops.restoreUsage);
  const { databaseUrl, dataDir } = parseConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  const t0 = performance.now();
  await restore({ databaseUrl, dataDir }, files[0]!, { force });
  return T.ops.restored({ file: files[0]!, ms: Math.round(performance.now() - t0) });
});
