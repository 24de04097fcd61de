// The store `serve --store` names, opened: Postgres for an address, the
// SQLite file otherwise (each loaded only when used: pg is not needed by a
// receiver on a file).
import type { TriggerStore } from "./store.js";

/** A Postgres address: `postgres://` or `postgresql://`. */
export const POSTGRES_ADDRESS = /^postgres(ql)?:\/\//i;

/**
 * Why `--store` cannot be what it names, or nothing: an address of another scheme (a typo of Postgres's, another
 * database's) is refused, not taken for a file's path, which would make folders named after it (the password in their
 * names) and keep a store of its own on this machine alone. Said without the address's password.
 */
export function storeProblem(where: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(where)?.[1];
  if (scheme === undefined || POSTGRES_ADDRESS.test(where)) return undefined;
  return (
    `${JSON.stringify(`${scheme}://…`)} is an address no store is kept at: give a Postgres address ` +
    "(postgres://user:password@host:port/db, or postgresql://…) or a SQLite file's path"
  );
}

/** The store `--store` names: a `postgres://` (or `postgresql://`) address, or else a SQLite file's path. */
export async function openStore(where: string): Promise<TriggerStore> {
  const problem = storeProblem(where);
  if (problem) throw new Error(problem);
  if (POSTGRES_ADDRESS.test(where)) {
    const { openPostgresStore } = await import("./postgres-store.js");
    return openPostgresStore(where);
  }
  const { openSqliteStore } = await import("./sqlite-store.js");
  return openSqliteStore(where);
}
