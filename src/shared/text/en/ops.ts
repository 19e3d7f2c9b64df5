// Operator-facing lines: health endpoints, backup/restore, shutdown and the worker supervisor.

export const opsText = {
  // Operator-facing: health endpoints and the backup/restore commands (README "Operating it").
  ops: {
    ok: "ok",
    unavailable: "unavailable",
    checkFailed: "failed",
    checkTimedOut: "timed out",
    backupUsage: "Usage: bun run backup [FILE]",
    restoreUsage: "Usage: bun run restore FILE [--force]",
    backupWritten: "Backup written to {file} in {ms} ms",
    restored: "Restored {file} in {ms} ms",
    noPgDump: "{tool} was not found on PATH: install the PostgreSQL client tools (e.g. apt-get install postgresql-client) to back up or restore a PostgreSQL database",
    notEmpty: "The target database is not empty: stop the server and pass --force to replace its contents",
    wrongKind: "{file} is not a {expected} backup",
    missingFile: "No such file: {file}",
    fileExists: "{file} already exists: choose a new file name (a backup never overwrites a file)",
    unknownUrlParameter: "DATABASE_URL parameter \"{name}\" cannot be passed to the PostgreSQL tools: use a service file (?service=name) for it",
    shuttingDown: "{signal}: no new connections; finishing requests in flight",
    shutdownGraceExceeded: "Requests still running after {ms} ms: closing anyway",
    workerExited: "Worker {pid} exited (code {code}): starting a new one in {inMs} ms",
    supervisorGone: "The supervising process is gone: shutting down",
    /** An outbox channel's pass failed (database away or the like); the log line names the channel. */
    outboxPassFailed: "outbox delivery pass failed",
  },
} as const;
