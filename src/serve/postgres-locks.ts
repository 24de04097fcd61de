// The session advisory locks the receivers of one Postgres store share (postgres-store.ts): one poller per poll
// position, and a subscription's members. Each is held on a connection of its own, so that it lasts as long as the
// receiver that took it: Postgres drops a dead receiver's locks with its connection.
import type { Pool } from "pg";
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

/** This receiver a member of `trigger`'s subscription: a shared lock each member holds while it lives. */
export async function subscriptionMembership(pool: Pool, trigger: string): Promise<SubscriptionMembership> {
  const session = await pool.connect();
  const member = `bw-subscription-members:${trigger}`;
  const creating = `bw-subscription-create:${trigger}`;
  await session.query("SELECT pg_advisory_lock_shared(hashtextextended($1, 0))", [member]);
  let left = false;
  return {
    async exclusive(work) {
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
        session.release();
      }
    },
  };
}
