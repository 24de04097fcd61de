// The contract every store of `blockwright serve` keeps (src/serve/store.ts),
// run against each: the SQLite file and a real Postgres. Each test uses
// trigger ids of its own, so one store serves the whole file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryIn, TriggerStore } from "../src/serve/store.js";

/** A delivery of events with these ids, received at `receivedAt`. */
export function deliveryOf(trigger: string, ids: readonly string[], receivedAt = Date.now()): DeliveryIn {
  return {
    trigger,
    receivedAt,
    headers: { "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(ids)),
    events: ids.map((id) => ({ id, outputs: { data: { id }, metadata: { id } } })),
  };
}

export function describeStoreContract(name: string, open: () => Promise<TriggerStore>): void {
  describe(`${name} store`, () => {
    let store: TriggerStore;
    const trigger = () => `zqstore_${randomUUID().slice(0, 8)}`;
    const claim = (t: string, ids: string[], at: number, horizon: number) =>
      store.accept(deliveryOf(t, ids, at), horizon);
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it("gives an event id once within the horizon, per trigger, and again once the horizon has passed", async () => {
      const [a, b] = [trigger(), trigger()];
      const now = 1_800_000_000_000;
      expect(await claim(a, ["evt-1"], now, 60_000)).toEqual([true]);
      expect(await claim(a, ["evt-1"], now + 1_000, 60_000)).toEqual([false]);
      expect(await claim(b, ["evt-1"], now + 1_000, 60_000)).toEqual([true]);
      expect(await claim(a, ["evt-2", "evt-1"], now + 1_000, 60_000)).toEqual([true, false]);
      expect(await claim(a, ["evt-1"], now + 61_000, 60_000)).toEqual([true]);
      expect(await claim(a, ["evt-1"], now + 62_000, 60_000)).toEqual([false]);
    });

    it(
      "gives an event claimed many times at once to exactly one claim, and an id twice in one delivery to its " +
        "first place",
      async () => {
        const t = trigger();
        const claims = await Promise.all(Array.from({ length: 12 }, () => claim(t, ["evt-race"], Date.now(), 60_000)));
        expect(claims.flat().filter(Boolean)).toHaveLength(1);
        expect(await claim(t, ["evt-twice", "evt-other", "evt-twice"], Date.now(), 60_000)).toEqual([
          true,
          true,
          false,
        ]);
      },
    );

    it(
      "takes an id of any length or character: 100,000 bytes, a NUL, a lone surrogate's replacement, " +
        "and keeps them apart",
      async () => {
        const t = trigger();
        const ids = [`evt-${"z".repeat(100_000)}`, "evt-\u0000-nul", "evt-\u0000-nul-2", "evt-\ud83d\ude00-\u202e"];
        expect(await claim(t, ids, Date.now(), 60_000)).toEqual([true, true, true, true]);
        expect(await claim(t, ids, Date.now(), 60_000)).toEqual([false, false, false, false]);
        expect((await store.runs()).filter((r) => r.trigger === t).map((r) => r.event)).toEqual(
          expect.arrayContaining(ids),
        );
      },
    );

    it(
      "keeps a queued run per new event, journals its blocks, settles it, and replays a failed one with its " +
        "journal",
      async () => {
        const t = trigger();
        expect(await claim(t, ["evt-a", "evt-b"], Date.now(), 60_000)).toEqual([true, true]);
        const byEvent = (a: { event: string }, b: { event: string }) => (a.event < b.event ? -1 : 1);
        const queued = (await store.runs("queued")).filter((r) => r.trigger === t).sort(byEvent);
        expect(queued.map((r) => [r.event, r.status, r.attempts])).toEqual([
          ["evt-a", "queued", 0],
          ["evt-b", "queued", 0],
        ]);
        const [a, b] = queued as [(typeof queued)[0], (typeof queued)[0]];
        await store.journal(a.id, {
          id: "first",
          name: "First",
          type: "zq",
          operation: "zq_op",
          status: "succeeded",
          durationMs: 1,
          outputs: { n: "820982911946154508" },
        });
        await store.settle(a.id, { status: "succeeded" }, Date.now());
        await store.settle(b.id, { status: "dead", error: "zq: 503 (after 5 attempts)" }, Date.now());
        const mine = async () => (await store.runs()).filter((r) => r.trigger === t).sort(byEvent);
        expect((await mine()).map((r) => [r.event, r.status, r.blocks, r.error])).toEqual([
          ["evt-a", "succeeded", [{ id: "first", status: "succeeded" }], ""],
          ["evt-b", "dead", [], "zq: 503 (after 5 attempts)"],
        ]);
        // A succeeded run is not replayed; a dead one is, by its event id, queued again.
        expect(await store.replay("evt-a", Date.now())).toEqual([]);
        expect((await store.replay("evt-b", Date.now())).map((r) => [r.event, r.status, r.attempts])).toEqual([
          ["evt-b", "queued", 0],
        ]);
      },
    );

    it(
      "moves a poll's position with its runs in one step, once per version: a poller that read an older version " +
        "writes nothing",
      async () => {
        const t = trigger();
        const key = `${t}:shelf-1`;
        expect(await store.pollPosition(key)).toEqual({ version: 0 });
        const events = ["item-1", "item-2"].map((id) => ({ id, outputs: { data: { id }, metadata: { id } } }));
        const first = {
          trigger: t,
          key,
          polledAt: Date.now(),
          version: 0,
          position: { primed: true, since: 5, ids: ["item-2"] },
          events,
        };
        expect(await store.advancePoll(first, 60_000)).toEqual([true, true]);
        expect(await store.pollPosition(key)).toEqual({
          version: 1,
          position: { primed: true, since: 5, ids: ["item-2"] },
        });
        // The same poll handed in again (two pollers, or a retry): its position moved, so nothing is written.
        expect(
          await store.advancePoll({ ...first, position: { primed: true, since: 9, ids: [] } }, 60_000),
        ).toBeUndefined();
        expect((await store.pollPosition(key)).position?.since).toBe(5);
        expect(
          (await store.runs())
            .filter((r) => r.trigger === t)
            .map((r) => r.event)
            .sort(),
        ).toEqual(["item-1", "item-2"]);
        // An item a later poll finds again is claimed once.
        expect(await store.advancePoll({ ...first, version: 1, events: events.slice(1) }, 60_000)).toEqual([false]);
      },
    );

    it("keeps the ids a poll of created items knows until they are removed", async () => {
      const t = trigger();
      const key = `${t}:all`;
      const at = {
        trigger: t,
        key,
        polledAt: Date.now(),
        position: { primed: true, ids: [], link: "https://x.test/delta?token=1" },
        events: [],
      };
      expect(
        await store.advancePoll({ ...at, version: 0, known: { add: ["u-1", "u-2"], remove: [] } }, 60_000),
      ).toEqual([]);
      expect(await store.knownItems(key, ["u-1", "u-2", "u-3"])).toEqual(new Set(["u-1", "u-2"]));
      expect(await store.advancePoll({ ...at, version: 1, known: { add: ["u-3"], remove: ["u-1"] } }, 60_000)).toEqual(
        [],
      );
      expect(await store.knownItems(key, ["u-1", "u-2", "u-3"])).toEqual(new Set(["u-2", "u-3"]));
      expect(await store.knownItems(`${t}:other`, ["u-2"])).toEqual(new Set());
    });

    it("keeps one subscription per trigger: saved, replaced, deleted", async () => {
      const t = trigger();
      const mine = async () => (await store.subscriptions()).filter((s) => s.trigger === t);
      await store.saveSubscription({
        trigger: t,
        id: "sub-1",
        url: "https://zq.example/triggers/a",
        expiresAt: "2026-12-01T00:00:00.000Z",
      });
      await store.saveSubscription({
        trigger: t,
        id: "sub-1",
        url: "https://zq.example/triggers/a",
        expiresAt: "2026-12-20T00:00:00.000Z",
      });
      expect(await mine()).toEqual([
        { trigger: t, id: "sub-1", url: "https://zq.example/triggers/a", expiresAt: "2026-12-20T00:00:00.000Z" },
      ]);
      await store.deleteSubscription(t);
      expect(await mine()).toEqual([]);
    });
  });
}
