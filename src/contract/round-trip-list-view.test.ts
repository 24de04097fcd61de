// A round trip whose list answers a narrower view of the resource than its get (a summary: fewer fields, no others
// allowed, one required field the full view lacks, a nested reference narrowed too), as a code host's pull requests
// are listed. The stateful mock kept the record drawn from the get's schema, which no list item can hold as it is or
// cut to the item example's fields, so the list kept its realistic answer and the trip failed ("the list holds no
// record with zqNoteId …"). The mock now makes each record an item from the list's own (mock-resources.ts
// `shapedItem`): its id, the fields the item's schema allows, an object field shaped to the item's view of it, the
// rest from the item.
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";
import { shapedItem } from "../mocks/mock-resources.js";
import type { CaseContext } from "./types.js";

const idParam = { name: "zqNoteId", in: "path", required: true, schema: { type: "integer" } };
const owner = {
  type: "object",
  required: ["zqLogin", "zqPlan"],
  properties: { zqLogin: { type: "string" }, zqPlan: { type: "string", enum: ["zqfree", "zqpro"] } },
};
const note = {
  type: "object",
  required: ["zqNoteId", "zqTitle", "zqBody", "zqOwner"],
  properties: {
    zqNoteId: { type: "integer" },
    zqTitle: { type: "string" },
    zqBody: { type: "string" },
    zqOwner: owner,
  },
};
/** The list's view: no body, a required link the full view has not, the owner by login alone; nothing else allowed. */
const summary = {
  type: "object",
  additionalProperties: false,
  required: ["zqNoteId", "zqTitle", "zqLink", "zqOwner"],
  properties: {
    zqNoteId: { type: "integer" },
    zqTitle: { type: "string" },
    zqLink: { type: "string", format: "uri" },
    zqOwner: {
      type: "object",
      additionalProperties: false,
      required: ["zqLogin"],
      properties: { zqLogin: { type: "string" } },
    },
  },
};
const example = { zqNoteId: 1, zqTitle: "Zq", zqBody: "zq body", zqOwner: { zqLogin: "zqa", zqPlan: "zqfree" } };
const summaryExample = { zqNoteId: 1, zqTitle: "Zq", zqLink: "https://zq.test/1", zqOwner: { zqLogin: "zqa" } };

function document() {
  return openapi({
    "/zqnotes": {
      post: {
        operationId: "createZqNote",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqTitle"],
                properties: { zqTitle: { type: "string", example: "zq sent" } },
              },
            },
          },
        },
        responses: { "201": reply(note, example) },
      },
      get: {
        operationId: "listZqNotes",
        responses: { "200": reply({ type: "array", items: summary }, [summaryExample]) },
      },
    },
    "/zqnotes/{zqNoteId}": {
      get: {
        operationId: "getZqNote",
        parameters: [idParam],
        responses: { "200": reply(note, example), "404": { description: "None." } },
      },
    },
  });
}

const opened: DraftedOnMock[] = [];
afterAll(async () => {
  for (const on of opened) await on.close();
});

describe("a round trip whose list answers a narrower view than its get", () => {
  it("finds the created record in the list, as the list's schema shapes it", async () => {
    const on = await draftedOnMock("zqnotes", document(), ["createZqNote", "getZqNote", "listZqNotes"], {
      stateful: true,
    });
    opened.push(on);
    const [trip] = roundTripCases(on.subject);
    expect(trip?.id).toContain("create → get → list");
    const ctx: CaseContext = { mockUrl: () => on.url, statefulMockUrl: async () => on.url, seed: 1, runs: 1 };
    await expect(trip?.run(ctx)).resolves.toBeUndefined();
    // The list's item: the record's id and title, the owner's login, the link from the list's own item; no body.
    const items = (await (await fetch(`${on.url}/zqnotes`, { headers: { authorization: "Bearer zq" } })).json()) as {
      zqTitle: string;
      zqOwner: object;
      zqBody?: string;
      zqLink: string;
    }[];
    const [item] = items;
    expect(items).toHaveLength(1);
    expect(item?.zqTitle).toBe("zq sent");
    expect(Object.keys(item?.zqOwner ?? {})).toEqual(["zqLogin"]);
    expect(item?.zqBody).toBeUndefined();
    expect(typeof item?.zqLink).toBe("string");
  });
});

describe("a record made an item of a list's view (the pure step)", () => {
  const base = { zqId: 1, zqName: "zq base", zqRef: { zqKey: "zqk" } };
  const closed = (item: Record<string, unknown>) =>
    Object.keys(item).every((k) => k in base) &&
    typeof item.zqRef === "object" &&
    Object.keys(item.zqRef as object).every((k) => k === "zqKey");

  it("keeps the record whole where the list takes it, else its id and each field the item stays valid with", () => {
    const record = { zqId: 7, zqName: "zq seven", zqExtra: true, zqRef: { zqKey: "zq7", zqMore: 1 } };
    expect(shapedItem(record, base, "zqId", () => true)).toEqual({ ...base, ...record });
    expect(shapedItem(record, base, "zqId", closed)).toEqual({ zqId: 7, zqName: "zq seven", zqRef: { zqKey: "zq7" } });
  });

  it("makes none where the id itself fits no item", () => {
    expect(shapedItem({ zqId: "zq-text" }, base, "zqId", (i) => typeof i.zqId === "number")).toBeUndefined();
  });
});
