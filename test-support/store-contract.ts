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
      expect(await store.claim(a, ["evt-1"], now, 60_000)).toEqual([true]);
      expect(await store.claim(a, ["evt-1"], now + 1_000, 60_000)).toEqual([false]);
      expect(await store.claim(b, ["evt-1"], now + 1_000, 60_000)).toEqual([true]);
      expect(await store.claim(a, ["evt-2", "evt-1"], now + 1_000, 60_000)).toEqual([true, false]);
      expect(await store.claim(a, ["evt-1"], now + 61_000, 60_000)).toEqual([true]);
      expect(await store.claim(a, ["evt-1"], now + 62_000, 60_000)).toEqual([false]);
    });

    it("gives an event claimed many times at once to exactly one claim, and an id twice in one delivery to its first place", async () => {
      const t = trigger();
      const claims = await Promise.all(Array.from({ length: 12 }, () => store.claim(t, ["evt-race"], Date.now(), 60_000)));
      expect(claims.flat().filter(Boolean)).toHaveLength(1);
      expect(await store.claim(t, ["evt-twice", "evt-other", "evt-twice"], Date.now(), 60_000)).toEqual([true, true, false]);
    });

    it("takes an id of any length or character: 100,000 bytes, a NUL, a lone surrogate's replacement, and keeps them apart", async () => {
      const t = trigger();
      const ids = [`evt-${"z".repeat(100_000)}`, "evt-\u0000-nul", "evt-\u0000-nul-2", "evt-\ud83d\ude00-\u202e"];
      expect(await store.claim(t, ids, Date.now(), 60_000)).toEqual([true, true, true, true]);
      expect(await store.claim(t, ids, Date.now(), 60_000)).toEqual([false, false, false, false]);
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
