// An "item changed" poll trigger `add` drafts (shapes/poll-triggers.ts): a list asking for the items changed since a
// time its items carry (`updated_since` and `updated_at`), each change an event (the id and the time of the change);
// beside the "new item" trigger where the list offers both. None without the parameter or the field, and no note on
// an item's id left open where no trigger would be drafted anyway.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const time = { type: "string", format: "date-time" };
const thing = {
  type: "object",
  properties: { id: { type: "string" }, name: { type: "string" }, created_at: time, updated_at: time },
};
const query = (name: string) => ({ name, in: "query", required: false, schema: time });
const listOf = (parameters: unknown[], item: unknown = thing) => ({
  parameters,
  responses: { "200": reply({ type: "object", properties: { data: { type: "array", items: item } } }) },
});

describe("add drafts an item-changed poll trigger", () => {
  it("by a parameter asking for the items changed since a time the items carry, each change an event", async () => {
    const d = drafted(
      openapi({ "/zq-things": { get: { operationId: "listZqThings", ...listOf([query("updated_since")]) } } }),
      ["listZqThings"],
    );
    const trigger = d.manifest.triggers?.acme_zq_things_changed;
    expect(trigger?.eventId).toEqual(["$event#/id", "$event#/updated_at"]);
    expect(trigger?.poll).toEqual({
      operation: "acme_list_zq_things",
      items: "data",
      inputs: { updated_since: "{{poll.since}}" },
      since: { field: "/updated_at", type: "date-time" },
    });
    expect(trigger?.outputs?.changedAt?.from).toBe("$event#/updated_at");
    expect(d.manifest.triggers?.acme_zq_things_created).toBeUndefined();
    expect(notesAt(d, "triggers.acme_zq_things_changed")[0]).toMatch(
      /items changed at or after the last updated_at seen, and each change \(an item's id and its updated_at\)/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("beside the new-item trigger where the list offers both", async () => {
    const d = drafted(
      openapi({
        "/zq-things": {
          get: { operationId: "listZqThings", ...listOf([query("created_at_start"), query("modified_at_start")]) },
        },
      }),
      ["listZqThings"],
    );
    const triggers = d.manifest.triggers ?? {};
    expect(Object.keys(triggers).sort()).toEqual(["acme_zq_things_changed", "acme_zq_things_created"]);
    expect(triggers.acme_zq_things_created?.poll?.inputs).toEqual({ created_at_start: "{{poll.since}}" });
    expect(triggers.acme_zq_things_changed?.poll?.inputs).toEqual({ modified_at_start: "{{poll.since}}" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("for none without the parameter or the field, and notes no open id where no trigger would be drafted", () => {
    const untimed = { ...thing, properties: { id: { type: "string" }, name: { type: "string" } } };
    const open = { type: "object", properties: { key: { type: "string" }, uid: { type: "string" }, updated_at: time } };
    const d = drafted(
      openapi({
        "/zq-things": { get: { operationId: "listZqThings", ...listOf([query("modified_since")], untimed) } },
        "/zq-gadgets": { get: { operationId: "listZqGadgets", ...listOf([]) } },
        "/zq-locks": { get: { operationId: "listZqLocks", ...listOf([], open) } },
      }),
      ["listZqThings", "listZqGadgets", "listZqLocks"],
    );
    expect(d.manifest.triggers).toBeUndefined();
    expect(notesAt(d, "operations.acme_list_zq_locks").filter((n) => /no poll trigger/.test(n))).toEqual([]);
  });
});
