// The contract every store of `blockwright serve` keeps (src/serve/store.ts),
// run against each: the SQLite file and a real Postgres. Each test uses
// trigger ids of its own, so one store serves the whole file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TriggerStore } from "../src/serve/store.js";

export function describeStoreContract(name: string, open: () => Promise<TriggerStore>): void {
  describe(`${name} store`, () => {
    let store: TriggerStore;
    const trigger = () => `zqstore_${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it("gives an event id once within the window, per trigger, and again once the window has passed", async () => {
      const [a, b] = [trigger(), trigger()];
      const now = 1_800_000_000_000;
      expect(await store.claim(a, "evt-1", now, 60_000)).toBe(true);
      expect(await store.claim(a, "evt-1", now + 1_000, 60_000)).toBe(false);
      expect(await store.claim(b, "evt-1", now + 1_000, 60_000)).toBe(true);
      expect(await store.claim(a, "evt-2", now + 1_000, 60_000)).toBe(true);
      expect(await store.claim(a, "evt-1", now + 61_000, 60_000)).toBe(true);
      expect(await store.claim(a, "evt-1", now + 62_000, 60_000)).toBe(false);
    });

    it("gives an event claimed many times at once to exactly one claim", async () => {
      const t = trigger();
      const claims = await Promise.all(Array.from({ length: 12 }, () => store.claim(t, "evt-race", Date.now(), 60_000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it("keeps the runs with their blocks", async () => {
      const t = trigger();
      const blocks = [
        { id: "start", status: "succeeded" },
        { id: "next", status: "failed", error: "zq" },
      ];
      await store.recordRun({ trigger: t, event: "evt-1", status: "failed", startedAt: "2026-11-23T10:00:00.000Z", finishedAt: "2026-11-23T10:00:01.000Z", blocks });
      await store.recordRun({ trigger: t, event: "evt-2", status: "succeeded", startedAt: "2026-11-23T10:00:02.000Z", finishedAt: "2026-11-23T10:00:03.000Z", blocks: [] });
      const runs = (await store.runs()).filter((r) => r.trigger === t);
      expect(runs).toEqual([
        { trigger: t, event: "evt-1", status: "failed", startedAt: "2026-11-23T10:00:00.000Z", finishedAt: "2026-11-23T10:00:01.000Z", blocks },
        { trigger: t, event: "evt-2", status: "succeeded", startedAt: "2026-11-23T10:00:02.000Z", finishedAt: "2026-11-23T10:00:03.000Z", blocks: [] },
      ]);
    });

    it("keeps one subscription per trigger: saved, replaced, deleted", async () => {
      const t = trigger();
      const mine = async () => (await store.subscriptions()).filter((s) => s.trigger === t);
      await store.saveSubscription({ trigger: t, id: "sub-1", url: "https://zq.example/triggers/a", expiresAt: "2026-12-01T00:00:00.000Z" });
      await store.saveSubscription({ trigger: t, id: "sub-1", url: "https://zq.example/triggers/a", expiresAt: "2026-12-20T00:00:00.000Z" });
      expect(await mine()).toEqual([{ trigger: t, id: "sub-1", url: "https://zq.example/triggers/a", expiresAt: "2026-12-20T00:00:00.000Z" }]);
      await store.deleteSubscription(t);
      expect(await mine()).toEqual([]);
    });
  });
}
