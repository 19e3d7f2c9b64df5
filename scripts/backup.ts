// `bun run backup [FILE]`: a consistent snapshot of the database the environment selects.
import { parseConfig } from "../src/config/appConfig";
import { backup, defaultBackupFile } from "../src/ops/backup";
import { T } from "../src/shared/text";
import { cli } from "./ops-cli";

await cli(async (args) => {
  if (args.length > 1) throw new Error(T.ops.backupUsage);
  const { databaseUrl, dataDir } = parseConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  const file = args[0] ?? defaultBackupFile({ databaseUrl, dataDir });
  const t0 = performance.now();
  await backup({ databaseUrl, dataDir }, file);
  return T.ops.backupWritten({ file, ms: Math.round(performance.now() - t0) });
});
