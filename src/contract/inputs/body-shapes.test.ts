// A request body that is one of several closed object shapes sharing some fields (a name and a mode in each, then a
// move-in token, or a transfer's code and price, or CDN and zone flags), drafted as one parameter per field: every
// parameter at once mixed the shapes, no shape took the body, and the request judge refused it; random valid inputs
// mixed them too. Each input the suite makes now gives the fields of exactly one shape, as the judge reads the body.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { checkValue, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { requestKind } from "../kinds/request.js";
import { validInput } from "./random-inputs.js";
import { type Input, ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (example: string) => ({ type: "string", examples: [example] });
const shape = (required: string[], fields: Record<string, unknown>) => ({
  type: "object",
  additionalProperties: false,
  required,
  properties: { zqmode: text("zq-any"), zqname: text("zq.test"), ...fields },
});
const DOCUMENT = openapi({
  "/zqdomains": {
    post: {
      operationId: "createZqdomain",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              oneOf: [
                shape(["zqmode", "zqname"], { zqtoken: text("zq-token") }),
                shape(["zqmode", "zqname"], { zqcode: text("zq-code"), zqprice: { type: "number", examples: [8] } }),
                shape(["zqname"], { zqcdn: { type: "boolean", examples: [true] }, zqzone: { type: "boolean" } }),
              ],
              properties: { zqmode: text("zq-any") },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object" }, {}) },
    },
  },
});
const doc = new OpenApiDocument(parseYamlSource(JSON.stringify(DOCUMENT), "zqdomains.yaml"));
const tool = (await linkedTools(drafted(DOCUMENT, ["createZqdomain"]))).find(
  (t) => t.operationId === "createZqdomain",
) as ToolSpec;
const judge = requestJudge(doc, { basePath: "", credential: "form" });

/** The JSON body an input sends (each body parameter at its field, as checked), and what the request judge refuses. */
function refusals(input: Input): { body: Record<string, unknown>; rules: string[] } {
  const body: Record<string, unknown> = {};
  for (const p of tool.params) {
    if (p.wire.in !== "body" || input[p.name] === undefined) continue;
    // As the runtime sends it ("true" a boolean, "8" a number).
    const checked = checkValue(p, input[p.name], tool);
    body[parsePointer(p.wire.pointer)[0] ?? ""] = "value" in checked ? checked.value : input[p.name];
  }
  const judged = judge({
    method: "POST",
    url: "https://api.acme.test/zqdomains",
    headers: new Headers({ "content-type": "application/json", authorization: "Bearer zq-credential-0001" }),
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  return { body, rules: judged.refusals.map((r) => `${r.rule} ${r.message}`) };
}

describe("a body of several closed shapes whose fields are parameters", () => {
  it("every parameter at once: a case per shape, each body met by exactly that shape", () => {
    const values = new ToolValues(tool, doc);
    const names = requestKind.derive(tool, { provider: "acme", tools: [tool], document: doc }).map((c) => c.name);
    expect(names).toEqual(
      [1, 2, 3].map((n) => `every parameter of the body's shape ${n} of 3, placed where the spec declares it`),
    );
    const bodies = [0, 1, 2].map((i) => refusals(values.full(i)));
    expect(bodies.map((b) => b.rules)).toEqual([[], [], []]);
    expect(bodies.map((b) => Object.keys(b.body).sort())).toEqual([
      ["zqmode", "zqname", "zqtoken"],
      ["zqcode", "zqmode", "zqname", "zqprice"],
      ["zqcdn", "zqmode", "zqname", "zqzone"],
    ]);
  });

  it("the minimal input, and one pinning a shape's own field, meet exactly one shape", () => {
    const values = new ToolValues(tool, doc);
    expect(refusals(values.minimal()).rules).toEqual([]);
    const pinned = values.with({ zqcode: "zq-code-2" }) as Input;
    expect([pinned.zqcode, refusals(pinned).rules]).toEqual(["zq-code-2", []]);
  });

  it("random valid inputs meet exactly one shape, and reach each", () => {
    const values = new ToolValues(tool, doc);
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 80, seed: 7 });
    const judged = drawn.map(refusals);
    expect(judged.filter((j) => j.rules.length)).toEqual([]);
    const reached = new Set(judged.map((j) => ["zqtoken", "zqcode", "zqcdn"].find((f) => f in j.body) ?? "name only"));
    expect(reached.size).toBeGreaterThanOrEqual(3);
  });
});
