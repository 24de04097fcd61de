// Verify's reading of a live answer's fields beside its spec's (extra-fields.ts) through a field of a discriminated
// base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts): each kind's branch is tried by the
// property naming it first (load/schemas/guarded-kinds.ts kindGuard), its whole kind only where that holds; every
// kind's whole schema was walked for every value. Counted by a format only the base's own field has, checked once each
// time a kind's schema (its allOf of the base) is walked. The drifts are those said before.
import { format } from "@cfworker/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { answerDrift } from "./answer-check.js";
import { checkerOf } from "./document-schemas.js";
import { extraFields } from "./extra-fields.js";
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

const formats = format as Record<string, (value: string) => boolean>;
const uuid = formats.uuid as (value: string) => boolean;
afterEach(() => {
  formats.uuid = uuid;
});

describe("a live answer of a base of many kinds, its fields read by verify", () => {
  const subject = subjectOf(DOCUMENT);
  const drift = (body: unknown) => answerDrift(subject, toolOf("getZqevents"), answer(200, body));

  it("walks the kind each value names, and says the drifts it said", () => {
    const last = KINDS - 1;
    // Warm: the document's schemas registered.
    expect(drift([{ zqType: "ZqKind0", zqId: ID, zqField0: "zq" }])).toEqual([]);
    const checker = checkerOf(subject.document);
    const at = ["paths", "/zqevents", "get", "responses", "200", "content", "application/json", "schema"];
    const schema = checker.schemaAt(at) as object;
    const value = [{ zqType: `ZqKind${last}`, zqId: ID, [`zqField${last}`]: "zq", zqMore: 1 }];
    let walked = 0;
    formats.uuid = (value) => {
      walked++;
      return uuid(value);
    };
    const extra = extraFields(checker, "getZqevents", schema, value);
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(KINDS / 5);
    formats.uuid = uuid;
    expect(extra.map((d) => [d.kind, d.pointer])).toEqual([["extra-field", "/0/zqMore"]]);
    expect(extra[0]?.overlay?.target).toContain(`ZqKind${last}`);
    // The whole check says the same.
    expect(drift(value).map((d) => [d.kind, d.pointer])).toEqual([["extra-field", "/0/zqMore"]]);
    // Naming no kind: the discriminator's drift, the fields read against every kind as before.
    const none = drift([{ zqType: "ZqNone", zqId: ID }]);
    expect(none.map((d) => d.kind)).toContain("constraint");
    expect(none.some((d) => /names no shape/.test(d.message))).toBe(true);
  });
});
