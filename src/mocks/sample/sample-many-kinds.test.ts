// A field of a discriminated base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts), is
// checked by the sampler as the kind its property names (load/schemas/guarded-kinds.ts): the sampler's validator tried
// every kind's whole schema for every value it checked, so a mock's answer holding one value of a base of n kinds
// walked n kinds per check (a base of 283 kinds: a minute and a half for one answer). Counted by a format only the
// base's own field has, checked once each time a kind's schema (its allOf of the base) is walked.
import { format } from "@cfworker/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { withBaseRefsAsKinds } from "../../load/schemas/base-kinds.js";
import { DocumentSampler } from "./schema-sample.js";
import { manyKinds, ref } from "../../load/schemas/__fixtures__/many-kinds.js";

const KINDS = 300;
const kinds = manyKinds(KINDS, ref("ZqPart"), true);
const document = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqHolder: { type: "object", required: ["zqEvent"], properties: { zqEvent: ref("ZqEvent") } },
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqStamp"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqStamp: { type: "string", format: "zq-counted" } },
      },
      ZqPart: { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } },
      ...kinds,
    },
  },
};

let walked = 0;
const counting = (format as Record<string, (value: string) => boolean>)["zq-counted"];
afterEach(() => {
  (format as Record<string, unknown>)["zq-counted"] = counting;
});

describe("a value of a base of many kinds, made by the sampler", () => {
  it("is checked as the kind its property names, not every kind's schema", () => {
    const copy = structuredClone(document);
    withBaseRefsAsKinds({ "#": copy }, copy);
    (format as Record<string, (value: string) => boolean>)["zq-counted"] = () => {
      walked++;
      return true;
    };
    const sampler = new DocumentSampler(copy);
    walked = 0;
    const made = sampler.sample("/components/schemas/ZqHolder");
    const event = (made?.value as { zqEvent?: Record<string, unknown> } | undefined)?.zqEvent;
    expect(event?.zqType).toMatch(/^ZqKind\d+$/);
    expect(typeof event?.zqStamp).toBe("string");
    // Each check of the made value walks the named kind (and the base beside it): a few checks, never one per kind.
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(KINDS / 10);
    // The verdict is the union's: a value naming one kind with another's fields, or naming none, is refused.
    const named = Number(String(event?.zqType).slice("ZqKind".length));
    const other = (named + 1) % KINDS;
    const crossed = { zqType: `ZqKind${named}`, zqStamp: "zq", [`zqField${other}`]: { zqName: "zq" } };
    expect(sampler.valid({ zqEvent: crossed }, "/components/schemas/ZqHolder")).toBe(false);
    expect(sampler.valid({ zqEvent: { ...event, zqType: "ZqNone" } }, "/components/schemas/ZqHolder")).toBe(false);
    expect(sampler.valid({ zqEvent: event }, "/components/schemas/ZqHolder")).toBe(true);
  });
});
