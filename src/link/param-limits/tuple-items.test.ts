// A JSON body field that is a 3.1 tuple: `prefixItems` gives its first items' schemas, `items` those past them (a
// flow's events, the first a `start`, the others replies or commands). The link took `items` as every item's limits,
// and the runtime refused each flow the document describes: "events[0].type must be one of reply, command". Then a
// tuple left its items to the service, and a wrong pair went to it unchecked (issue 59). Now each position is held to
// its own schema, the rest to `items` (`items: false`: no more items), and the count to `minItems`/`maxItems`, before
// any request, the refusal naming the place (`zqPair[1]`); a list without `prefixItems` keeps its items' limits.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const event = (kind: string) => ({
  type: "object",
  required: ["zqKind"],
  properties: { zqKind: { type: "string", enum: [kind] } },
});
const laterEvents = { anyOf: [event("zqreply"), event("zqcommand")] };

function documentWith(events: object) {
  return {
    ...openapi({
      "/zqflows": {
        post: {
          operationId: "createZqflow",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["zqEvents"], properties: { zqEvents: events } },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    }),
    openapi: "3.1.0",
  };
}

async function sender(events: object, provider: string) {
  const tools = await linkedTools(drafted(documentWith(events), ["createZqflow"], provider), provider);
  const tool = tools.find((t) => t.id === `${provider}_create_zqflow`)!;
  return (value: unknown) => sentOrRefused(tool, { zqEvents: value }, { id: "zq1" });
}

describe("a JSON body field that is a tuple (prefixItems, then items)", () => {
  it("sends a list whose first item is of the tuple's shape, which items alone refuses", async () => {
    const send = await sender({ type: "array", prefixItems: [event("zqstart")], items: laterEvents }, "zqtuple");
    const flow = [{ zqKind: "zqstart" }, { zqKind: "zqreply" }, { zqKind: "zqcommand" }];
    expect(await send(flow)).toEqual({ message: "sent", sent: 1 });
  });

  it("sends such a list inside an object field too", async () => {
    const tuple = { type: "array", prefixItems: [event("zqstart")], items: laterEvents };
    const send = await sender({ type: "object", properties: { zqList: tuple } }, "zqtupleinside");
    expect(await send({ zqList: [{ zqKind: "zqstart" }, { zqKind: "zqreply" }] })).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("refuses an item of another kind than its position's, naming the place, the rule and the value", async () => {
    const send = await sender({ type: "array", prefixItems: [event("zqstart")], items: laterEvents }, "zqtuplebad");
    const refused = await send([{ zqKind: "zqreply" }, { zqKind: "zqreply" }]);
    expect(refused.message).toMatch(/zqEvents\[0\]\.zqKind: must be one of "?zqstart"?, got "zqreply"/);
    expect((await send([{ zqKind: "zqstart" }, { zqKind: "zqstart" }])).message).toMatch(/zqEvents\[1\]/);
  });

  it("holds a pair to its positions' kinds and its count (items: false), inside an object field too", async () => {
    const pair = { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 2 };
    const send = await sender({ type: "object", properties: { zqPair: pair } }, "zqtuplepair");
    expect(await send({ zqPair: ["zq", 1] })).toEqual({ message: "sent", sent: 1 });
    expect((await send({ zqPair: ["zq", "one"] })).message).toMatch(
      /zqEvents\.zqPair\[1\]: must be a number, got "one"/,
    );
    expect((await send({ zqPair: ["zq", 1, 2] })).message).toMatch(/zqEvents\.zqPair: must have at most 2 items/);
    expect((await send({ zqPair: ["zq"] })).message).toMatch(/zqEvents\.zqPair: must have at least 2 items/);
  });

  it("keeps a plain list's items' limits", async () => {
    const send = await sender({ type: "array", items: laterEvents }, "zqplainlist");
    expect(await send([{ zqKind: "zqreply" }])).toEqual({ message: "sent", sent: 1 });
    expect((await send([{ zqKind: "zqstart" }])).message).toMatch(/zqEvents\[0\]/);
  });
});
