// The session advisory locks the receivers of one Postgres store share (postgres-store.ts): one poller per poll
// position, and a subscription's members. Each is held on a connection of its own, so that it lasts as long as the
// receiver that took it: Postgres drops a dead receiver's locks with its connection. A connection lost while the
// receiver lives (Postgres restarted, the session ended by an administrator or a proxy) is replaced and its locks
// taken again (`heldSession`): a checked-out connection's error nobody listens to would end the process.
import type { Pool, PoolClient } from "pg";
import type { PollHold, SubscriptionMembership } from "./store.js";

/** A hold on being the one poller of `key`. */
export async function pollHold(pool: Pool, key: string): Promise<PollHold> {
  const session = await pool.connect();
  let held = false;
  let broken = false;
  // A lost connection loses the lock: the next take fails (the poller then asks for a new hold).
  session.on("error", () => {
    held = false;
    broken = true;
  });
  return {
    async take() {
      if (!held)
        held =
          (
            await session.query<{ taken: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken", [
              `bw-poll:${key}`,
            ])
          ).rows[0]?.taken === true;
      return held;
    },
    async release() {
      if (held && !broken)
        await session
          .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`bw-poll:${key}`])
          .catch(() => undefined);
      held = false;
      session.release(broken);
    },
  };
}

/** A connection of its own whose session holds locks, replaced when it is lost. */
export interface HeldSession {
  /** The connection now (a lost one's queries fail until its replacement has taken the locks again). */
  current(): PoolClient;
  /** Gives the connection back to the pool; a lost one is no longer replaced. */
  release(): void;
}

/** The first wait before a lost session's replacement is tried again, and the longest. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MOST_MS = 30_000;

/**
 * A session whose locks `take` takes, on a connection of its own: at first, and again on a new connection each time
 * the connection is lost, tried again with a doubling wait until it is taken or the session released.
 */
export async function heldSession(
  pool: Pool,
  take: (session: PoolClient) => Promise<unknown>,
  log: (line: string) => void,
): Promise<HeldSession> {
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  // The latest connection, and whether it is still up (a lost one was given back to the pool already).
  let latest: PoolClient | undefined;
  let up = false;
  const open = async (): Promise<PoolClient> => {
    const client = await pool.connect();
    client.on("error", () => lost(client));
    try {
      await take(client);
    } catch (e) {
      client.release(true);
      throw e;
    }
    return client;
  };
  const retry = (waitMs: number) => {
    timer = setTimeout(() => {
      if (released) return;
      open().then(
        (fresh) => {
          if (released) return fresh.release();
          latest = fresh;
          up = true;
        },
        () => retry(Math.min(waitMs * 2, RECONNECT_MOST_MS)),
      );
    }, waitMs);
    timer.unref();
  };
  const lost = (client: PoolClient) => {
    if (released || client !== latest || !up) return;
    up = false;
    client.release(true);
    log("serve: the store's connection holding this receiver's locks was lost: taking them again");
    retry(RECONNECT_FIRST_MS);
  };
  const first = await open();
  latest = first;
  up = true;
  return {
    current: () => latest ?? first,
    release() {
      if (released) return;
      released = true;
      clearTimeout(timer);
      if (up) latest?.release();
    },
  };
}

/** This receiver a member of `trigger`'s subscription: a shared lock each member holds while it lives. */
export async function subscriptionMembership(
  pool: Pool,
  trigger: string,
  log: (line: string) => void = () => undefined,
): Promise<SubscriptionMembership> {
  const member = `bw-subscription-members:${trigger}`;
  const creating = `bw-subscription-create:${trigger}`;
  const held = await heldSession(
    pool,
    (s) => s.query("SELECT pg_advisory_lock_shared(hashtextextended($1, 0))", [member]),
    log,
  );
  let left = false;
  return {
    async exclusive(work) {
      const session = held.current();
      await session.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [creating]);
      try {
        return await work();
      } finally {
        await session.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [creating]);
      }
    },
    async leave(whenLast) {
      if (left) return false;
      left = true;
      const session = held.current();
      try {
        await session.query("SELECT pg_advisory_unlock_shared(hashtextextended($1, 0))", [member]);
        // Taken only when no member holds its share: this receiver is the last, and holds it while it deletes, so
        // that one leaving at the same moment waits, then finds the subscription gone (two deleted it once each).
        const last =
          (
            await session.query<{ last: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS last", [
              member,
            ])
          ).rows[0]?.last === true;
        if (!last) return false;
        try {
          if (!(await session.query("SELECT 1 FROM bw_subscriptions WHERE trigger = $1", [trigger])).rowCount)
            return false;
          await whenLast();
          return true;
        } finally {
          await session.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [member]);
        }
      } finally {
        held.release();
      }
    },
  };
}
