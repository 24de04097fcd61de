// The store `serve --store` names, opened: Postgres for an address, the
// SQLite file otherwise (each loaded only when used: pg is not needed by a
// receiver on a file).
import type { TriggerStore } from "./store.js";

/** The store `--store` names: a `postgres://` (or `postgresql://`) address, or else a SQLite file's path. */
export async function openStore(where: string): Promise<TriggerStore> {
  if (/^postgres(ql)?:\/\//i.test(where)) {
    const { openPostgresStore } = await import("./postgres-store.js");
    return openPostgresStore(where);
  }
  const { openSqliteStore } = await import("./sqlite-store.js");
  return openSqliteStore(where);
}
