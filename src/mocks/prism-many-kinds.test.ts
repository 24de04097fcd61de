// Prism's check of an answer (and a request) holding a field of a discriminated base of many kinds, read as the union
// of its kinds (load/schemas/base-kinds.ts), tries the kind its property names (load/schemas/guarded-kinds.ts): its
// validator (Ajv) tried the kinds in turn, each kind's whole schema, until one took the value, so a value of the last
// of n kinds walked n kinds. Checked here with Ajv, as Prism compiles its operations' schemas (draft 07), and counted
// by a format only the base's own field has, checked once each time a kind's schema (its allOf of the base) is walked.
import { createRequire } from "node:module";
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { withBaseRefsAsKinds } from "../load/schemas/base-kinds.js";
import { type PrismSteps, prismOperations } from "./mock-operations.js";
import { manyKinds, ref } from "../load/schemas/__fixtures__/many-kinds.js";

const Ajv = AjvModule.default ?? AjvModule;
const prism = createRequire(import.meta.url)("../vendor/prism.cjs") as PrismSteps;

// Enough kinds that the kind named (1 walked) and the kinds in turn (30) are far apart; the claim is counted, not
// timed. 300 cost 1.4 s of CPU (the file 1.94 → 0.49 s), most of it Ajv compiling them.
const KINDS = 30;
const kinds = manyKinds(KINDS, { type: "string" }, false);
const answer = { type: "object", required: ["zqEvent"], properties: { zqEvent: ref("ZqEvent") } };
const document = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqevents": {
      get: { responses: { "200": { description: "An event.", content: { "application/json": { schema: answer } } } } },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqStamp"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqStamp: { type: "string", format: "zq-counted" } },
      },
      ...kinds,
    },
  },
};

describe("Prism's check of a value of a base of many kinds", () => {
  it("walks the kind its property names, with the union's verdict", () => {
    const copy = structuredClone(document);
    withBaseRefsAsKinds({ "#": copy }, copy);
    const [operation] = prismOperations(copy, prism) as {
      responses: { contents: { schema: Record<string, unknown> }[] }[];
      __bundled__?: object;
    }[];
    const { $schema: _draft, ...schema } = operation?.responses[0]?.contents[0]?.schema ?? {};
    let walked = 0;
    const ajv = new Ajv({ strict: false });
    ajv.addFormat("zq-counted", {
      validate: () => {
        walked++;
        return true;
      },
    });
    const check = ajv.compile({ ...schema, __bundled__: operation?.__bundled__ });
    const last = `ZqKind${KINDS - 1}`;
    expect(check({ zqEvent: { zqType: last, zqStamp: "zq", [`zqField${KINDS - 1}`]: "zq" } })).toBe(true);
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(KINDS / 10);
    expect(check({ zqEvent: { zqType: "ZqNone", zqStamp: "zq" } })).toBe(false);
    expect(check({ zqEvent: { zqType: last, zqStamp: "zq", [`zqField${KINDS - 1}`]: 7 } })).toBe(false);
    expect(check({ zqEvent: { zqStamp: "zq" } })).toBe(false);
  });
});
