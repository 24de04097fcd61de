// Verify's check of a live answer against its schema (body-check.ts schemaDrift) through a field of a discriminated
// base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts): a first pass with each kind's branch
// guarded by the property naming it (load/schemas/guarded-kinds.ts), every kind's whole schema walked only for the
// reasons of an answer it refuses; every kind was walked for every answer. Counted by a format only the base's own
// field has, checked once each time a kind's schema (its allOf of the base) is walked. The drifts are those said
// before.
import { format } from "@cfworker/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { answerDrift } from "./answer-check.js";
import { schemaDrift } from "./body-check.js";
import { checkerOf } from "./document-schemas.js";
import { answer, subjectOf, toolOf } from "./__fixtures__/subject.js";
import { manyKinds, ref } from "../load/schemas/__fixtures__/many-kinds.js";

const KINDS = 200;
const DOCUMENT = stringify({
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqevents": {
      get: {
        operationId: "getZqevents",
        responses: {
          "200": {
            description: "Events.",
            content: { "application/json": { schema: { type: "array", items: ref("ZqEvent") } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqId"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqId: { type: "string", format: "uuid" } },
      },
      ...manyKinds(KINDS, { type: "string" }, true),
    },
  },
});
const ID = "0b5c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";
const AT = ["paths", "/zqevents", "get", "responses", "200", "content", "application/json", "schema"];

const formats = format as Record<string, (value: string) => boolean>;
const uuid = formats.uuid as (value: string) => boolean;
afterEach(() => {
  formats.uuid = uuid;
});

describe("a live answer of a base of many kinds, checked by verify against its schema", () => {
  const subject = subjectOf(DOCUMENT);
  const drift = (body: unknown) => answerDrift(subject, toolOf("getZqevents"), answer(200, body));
  const walks = (value: unknown) => {
    const checker = checkerOf(subject.document);
    let walked = 0;
    formats.uuid = (value) => {
      walked++;
      return uuid(value);
    };
    const drifts = schemaDrift(checker, "getZqevents", checker.schemaAt(AT) as object, value);
    formats.uuid = uuid;
    return { walked, drifts };
  };

  it("walks the kind each value names for an answer that meets it, and says the drifts it said", () => {
    const last = KINDS - 1;
    // Warm: the document's schemas registered.
    expect(drift([{ zqType: "ZqKind0", zqId: ID, zqField0: "zq" }])).toEqual([]);
    const good = walks([{ zqType: `ZqKind${last}`, zqId: ID, [`zqField${last}`]: "zq" }]);
    expect(good.drifts).toEqual([]);
    expect(good.walked).toBeGreaterThan(0);
    expect(good.walked).toBeLessThan(KINDS / 5);
    // A wrong field of the kind named: every kind walked for the reasons, said as before (the union's,
    // at the value).
    const wrong = walks([{ zqType: `ZqKind${last}`, zqId: ID, [`zqField${last}`]: 1 }]);
    expect(wrong.walked).toBeGreaterThanOrEqual(KINDS);
    expect(wrong.drifts.map((d) => [d.kind, d.pointer])).toEqual([["constraint", "/0"]]);
    expect(drift([{ zqType: `ZqKind${last}`, zqId: ID, [`zqField${last}`]: 1 }]).map((d) => d.pointer)).toEqual(["/0"]);
    // Naming no kind: the discriminator's drift, as before.
    const none = drift([{ zqType: "ZqNone", zqId: ID }]);
    expect(none.some((d) => /names no shape/.test(d.message))).toBe(true);
  });
});
