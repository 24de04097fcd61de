// How an `ids` poll tells new items from those it saw: every id of the page it read is kept, however many the page
// holds, so that a list answered whole, longer than the trigger's `keep`, runs nothing the next time it is read.
// An item left out is said by the part of its id it lacks. A `since` round cut short moves the position only as far
// as it is known to be complete.
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { selectNew } from "./poll-position.js";

const trigger = (order: "newestFirst" | "oldestFirst", keep: number): PollTriggerSpec => ({
  id: "zqlist_item_created",
  provider: "zqlist",
  title: "Item created",
  description: "Polled.",
  operation: "zqlist_list_items",
  inputs: {},
  params: [],
  items: "data",
  position: { kind: "ids", order, keep },
  intervalSeconds: 60,
  match: [],
  eventId: [["id"]],
  outputs: [],
});

/** A page of `count` items, ids zq1 (oldest) to zq<count>, in the list's order. */
const page = (count: number, order: "newestFirst" | "oldestFirst") => {
  const items = Array.from({ length: count }, (_, i) => ({ id: `zq${i + 1}` }));
  return { items: order === "newestFirst" ? items.reverse() : items, complete: true };
};

describe("an ids poll whose page holds more items than it keeps", () => {
  for (const order of ["newestFirst", "oldestFirst"] as const) {
    it(`(${order}) runs none of them at the next poll, and only an item added since`, () => {
      const spec = trigger(order, 3);
      const first = selectNew(spec, { primed: false, ids: [] }, page(5, order), { backfill: false });
      expect(first.events).toEqual([]);
      const again = selectNew(spec, first.position, page(5, order), { backfill: false });
      expect(again.events.map((e) => e.id)).toEqual([]);
      const added = selectNew(spec, again.position, page(6, order), { backfill: false });
      expect(added.events.map((e) => e.id)).toEqual(["zq6"]);
    });
  }

  it("keeps no more than `keep` ids once the page is shorter again", () => {
    const spec = trigger("newestFirst", 3);
    const long = selectNew(spec, { primed: true, ids: [] }, page(5, "newestFirst"), { backfill: false });
    const short = { items: [{ id: "zq7" }, { id: "zq6" }], complete: true };
    expect(selectNew(spec, long.position, short, { backfill: false }).position.ids).toEqual(["zq5", "zq6", "zq7"]);
  });
});

describe("an ids poll of a list oldest first", () => {
  it("says its newest items were not read when the list had more pages than the poll read, and only then", () => {
    const spec = trigger("oldestFirst", 10);
    const first = selectNew(spec, { primed: false, ids: [] }, page(4, "oldestFirst"), { backfill: false });
    expect(first.newestUnread).toBeUndefined();
    const cut = selectNew(spec, first.position, { ...page(4, "oldestFirst"), complete: false }, { backfill: false });
    expect(cut.newestUnread).toBe(true);
    expect(
      selectNew(
        trigger("newestFirst", 10),
        first.position,
        { ...page(4, "newestFirst"), complete: false },
        {
          backfill: false,
        },
      ).newestUnread,
    ).toBeUndefined();
  });
});

describe("an ids poll whose page holds no item seen before", () => {
  it("says how many it held, where earlier polls saw items, and not at the first poll or past a seen item", () => {
    const spec = trigger("newestFirst", 3);
    const first = selectNew(spec, { primed: false, ids: [] }, page(2, "newestFirst"), { backfill: false });
    expect(first.pastPage).toBeUndefined();
    const overlapping = selectNew(spec, first.position, page(4, "newestFirst"), { backfill: false });
    expect(overlapping.pastPage).toBeUndefined();
    const beyond = { items: [{ id: "zq9" }, { id: "zq8" }], complete: true };
    expect(selectNew(spec, overlapping.position, beyond, { backfill: false }).pastPage).toBe(2);
    // Every page read to the list's end: nothing is past them.
    const whole = { ...beyond, reachedEnd: true };
    expect(selectNew(spec, overlapping.position, whole, { backfill: false }).pastPage).toBeUndefined();
  });
});

describe("an item left out", () => {
  it("is said by the part of its id it lacks, among the parts", () => {
    const spec: PollTriggerSpec = {
      ...trigger("oldestFirst", 3),
      position: { kind: "since", pointer: ["changedAt"], type: "date-time" },
      eventId: [["id"], ["changedAt"]],
    };
    const polled = { items: [{ changedAt: "2030-01-01T00:00:00Z" }], complete: true };
    expect(selectNew(spec, { primed: true, ids: [] }, polled, { backfill: false }).skipped).toEqual([
      "an item without /id (its id: /id and /changedAt)",
    ]);
  });
});

describe("a since poll's round cut short by its page limit", () => {
  const spec: PollTriggerSpec = {
    ...trigger("oldestFirst", 3),
    position: { kind: "since", pointer: ["at"], type: "number" },
  };
  const items = (...at: number[]) => at.map((n) => ({ id: `zq${n}`, at: n }));
  const from = { primed: true, ids: [], since: 10 };

  it("listed newest first, keeps the position until the round's end, then moves to the newest of all its parts", () => {
    const first = selectNew(spec, from, { items: items(20, 19), complete: false }, { backfill: false });
    expect(first.events.map((e) => e.id)).toEqual(["zq19", "zq20"]);
    expect(first.position).toEqual({ ...from, ahead: { since: 20, ids: ["zq20"] } });
    // A part of one time only, still cut short: the order is not known from it, and the round already read newer ones.
    const second = selectNew(spec, first.position, { items: items(15, 15), complete: false }, { backfill: false });
    expect(second.position.since).toBe(10);
    const last = selectNew(spec, second.position, { items: items(12, 11), complete: true }, { backfill: false });
    expect(last.events.map((e) => e.id)).toEqual(["zq11", "zq12"]);
    expect(last.position).toEqual({ primed: true, ids: ["zq20"], since: 20 });
  });

  it("listed oldest first, moves the position to what the part read", () => {
    const part = selectNew(spec, from, { items: items(11, 12), complete: false }, { backfill: false });
    expect(part.position).toEqual({ primed: true, ids: ["zq12"], since: 12 });
  });
});
