// A query list whose items are a `oneOf` of two enums sharing values (every kind's metrics, and a video's: three names
// in both): by oneOf's letter a shared name meets both branches and is refused. The link read such items as no limit
// (a union, of no type), so a call sent a shared name, and any text; the items are now read as the values one branch
// alone lists (the reading add drafts a parameter of such a union with, load/schemas/listed-values.ts), refused before
// any request naming the list's item, the rule and the value. Of an `anyOf`, every branch's values are taken.
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

const every = ["ZQ_SHOWN", "ZQ_CLICKED", "ZQ_SAVED", "ZQ_FOLLOWED"];
const video = ["ZQ_SHOWN", "ZQ_CLICKED", "ZQ_SAVED", "ZQ_PLAYED"];
const list = (key: "oneOf" | "anyOf") => ({
  type: "array",
  items: {
    [key]: [
      { type: "string", enum: every },
      { type: "string", enum: video },
    ],
  },
});
const analytics = (operationId: string, key: "oneOf" | "anyOf") => ({
  operationId,
  parameters: [{ name: "zqmetrics", in: "query", required: true, style: "form", explode: false, schema: list(key) }],
  responses: { "200": reply({ type: "object", properties: { zqcount: { type: "integer" } } }, { zqcount: 1 }) },
});
const document = openapi({
  "/zqpins/analytics": { get: analytics("zqPinAnalytics", "oneOf") },
  "/zqboards/analytics": { get: analytics("zqBoardAnalytics", "anyOf") },
});

async function sender(operation: string) {
  const [tool] = await linkedTools(drafted(document, [operation], "zqlistunion"), "zqlistunion");
  if (!tool) throw new Error("no tool drafted");
  return (zqmetrics: unknown) => sentOrRefused(tool, { zqmetrics }, { zqcount: 1 });
}

describe("a list whose items are a oneOf of enums sharing values", () => {
  it("sends names one enum alone lists", async () => {
    const send = await sender("zqPinAnalytics");
    expect(await send(["ZQ_FOLLOWED", "ZQ_PLAYED"])).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a name both enums list, or none does, before any request, naming item, rule and value", async () => {
    const send = await sender("zqPinAnalytics");
    const shared = await send(["ZQ_FOLLOWED", "ZQ_SHOWN"]);
    expect(shared.sent).toBe(0);
    expect(shared.message).toContain("zqmetrics[1]");
    expect(shared.message).toContain("ZQ_SHOWN");
    expect(shared.message).toContain("ZQ_FOLLOWED, ZQ_PLAYED");
    expect((await send(["zq other"])).sent).toBe(0);
  });

  it("of an anyOf, sends every branch's names, and refuses others", async () => {
    const send = await sender("zqBoardAnalytics");
    expect(await send(["ZQ_SHOWN", "ZQ_PLAYED"])).toEqual({ message: "sent", sent: 1 });
    expect((await send(["zq other"])).sent).toBe(0);
  });
});
