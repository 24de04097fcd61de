// A query list whose items are a `oneOf` of two enums that share values (every kind's metrics, and a video's: five
// names in both): the value maker took the first name of the first enum, which both take, so no oneOf met it and no
// case of the operation could be derived ("no value of parameter zqmetrics passes its own rules"). The value made now
// is one of the chosen enum's names the other refuses; the check stays exact (a shared name is refused, as oneOf
// says). Where every name of each enum is the other's too, no value meets exactly one: none is made, and the error
// says why.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock, draftedSubject } from "./__fixtures__/drafted-subject.js";
import { valuesOf } from "./inputs/values.js";
import { DocumentSampler } from "../mocks/sample/schema-sample.js";

const every = ["ZQ_SHOWN", "ZQ_CLICKED", "ZQ_SAVED", "ZQ_FOLLOWED"];
const video = ["ZQ_SHOWN", "ZQ_CLICKED", "ZQ_SAVED", "ZQ_PLAYED", "ZQ_WATCHED"];
const metrics = (first: string[], second: string[]) => ({
  type: "array",
  items: {
    oneOf: [
      { type: "string", enum: first },
      { type: "string", enum: second },
    ],
  },
});

const analytics = (schema: unknown) => ({
  operationId: "zqPinAnalytics",
  parameters: [{ name: "zqmetrics", in: "query", required: true, style: "form", explode: false, schema }],
  responses: { "200": reply({ type: "object", properties: { zqcount: { type: "integer" } } }, { zqcount: 1 }) },
});

const document = openapi(
  { "/zqpins/analytics": { get: analytics(metrics(every, video)) } },
  { schemas: { ZqSame: metrics(every, [...every].reverse()) } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqmetrics", document, ["zqPinAnalytics"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a query list whose items are a oneOf of two enums sharing values", () => {
  it("is given a value only one enum takes, and every derived case passes on the mock", async () => {
    const { subject } = on as DraftedOnMock;
    const [tool] = subject.tools;
    const made = valuesOf(tool as never, subject.document).example("zqmetrics")?.value as string[];
    expect(made.length).toBeGreaterThan(0);
    for (const name of made) expect(every.includes(name) !== video.includes(name), name).toBe(true);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("makes no value where each enum's names are all the other's, and says why", async () => {
    const sampler = new DocumentSampler(document);
    expect(sampler.sample("/components/schemas/ZqSame/items", { everyField: true })).toBeUndefined();
    expect(sampler.valid(["ZQ_SHOWN"], "/components/schemas/ZqSame")).toBe(false);
    const same = openapi({ "/zqpins/analytics": { get: analytics(metrics(every, [...every].reverse())) } });
    const root = mkdtempSync(join(tmpdir(), "blockwright-zqsame-"));
    try {
      const subject = await draftedSubject(root, "zqsame", same, ["zqPinAnalytics"]);
      // What was tried is listed (a value the request judge reads the union as taking, then refused): why is said.
      const why = () => valuesOf(subject.tools[0] as never, subject.document).minimal();
      expect(why).toThrow(/no value of parameter zqmetrics passes its own rules \(tried: [^)]*made from its rules\)/);
      expect(why).toThrow(
        "; its items' oneOf of 2 enums lists each value in two of them, and oneOf takes a value one alone takes",
      );
      // The request case's input of every parameter says so too: no call without the required value, refused for
      // lacking it (a failure that named the wrong cause).
      expect(() => valuesOf(subject.tools[0] as never, subject.document).full()).toThrow(
        "no value of parameter zqmetrics passes its own rules",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
