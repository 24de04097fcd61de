// A JSON body field that is a 3.1 tuple: `prefixItems` gives its first items' schemas, `items` those past them (a
// flow's events, the first a `start`, the others replies or commands). The link took `items` as every item's limits,
// and the runtime refused each flow the document describes: "events[0].type must be one of reply, command". A tuple
// now leaves its items to the service; a list without `prefixItems` keeps its items' limits.
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

  it("keeps a plain list's items' limits", async () => {
    const send = await sender({ type: "array", items: laterEvents }, "zqplainlist");
    expect(await send([{ zqKind: "zqreply" }])).toEqual({ message: "sent", sent: 1 });
    expect((await send([{ zqKind: "zqstart" }])).message).toMatch(/zqEvents\[0\]/);
  });
});
