// A request body that is one of two open shapes told apart by one field's value (`zqstate: done` requires
// `zqverdict`; `zqstate: queued | busy` requires nothing), each field drafted as a parameter: the enum case
// `zqstate = done` sent the state alone, which no shape takes, and random valid inputs drew it alone too; the request
// judge refused them. Each input the suite makes now gives, beside a selecting value, what its shape requires.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { checkValue, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { validInput } from "./random-inputs.js";
import { type Input, ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const DOCUMENT = openapi({
  "/zqjobs/{jobId}": {
    patch: {
      operationId: "updateZqjob",
      parameters: [{ name: "jobId", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqstate: { type: "string", enum: ["queued", "busy", "done"] },
                zqverdict: { type: "string", enum: ["pass", "fail"] },
                zqnote: { type: "string", maxLength: 30 },
              },
              anyOf: [
                { properties: { zqstate: { enum: ["done"] } }, required: ["zqverdict"] },
                { properties: { zqstate: { enum: ["queued", "busy"] } } },
              ],
            },
          },
        },
      },
      responses: { "200": reply({ type: "object" }, {}) },
    },
  },
});
const doc = new OpenApiDocument(parseYamlSource(JSON.stringify(DOCUMENT), "zqjobs.yaml"));
const tool = (await linkedTools(drafted(DOCUMENT, ["updateZqjob"]))).find(
  (t) => t.operationId === "updateZqjob",
) as ToolSpec;
const judge = requestJudge(doc, { basePath: "", credential: "form" });

/** The JSON body an input sends (each body parameter at its field, as checked), and what the request judge refuses. */
function refusals(input: Input): { body: Record<string, unknown>; rules: string[] } {
  const body: Record<string, unknown> = {};
  for (const p of tool.params) {
    if (p.wire.in !== "body" || input[p.name] === undefined) continue;
    const checked = checkValue(p, input[p.name], tool);
    body[parsePointer(p.wire.pointer)[0] ?? ""] = "value" in checked ? checked.value : input[p.name];
  }
  const judged = judge({
    method: "PATCH",
    url: "https://api.acme.test/zqjobs/j1",
    headers: new Headers({ "content-type": "application/json", authorization: "Bearer zq-credential-0001" }),
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  return { body, rules: judged.refusals.map((r) => `${r.rule} ${r.message}`) };
}

describe("a body of shapes told apart by one field's value, each requiring its own fields", () => {
  it("an input pinning the selecting value gives what its shape requires; the others need nothing", () => {
    const values = new ToolValues(tool, doc);
    const done = values.with({ zqstate: "done" }) as Input;
    expect(refusals(done)).toEqual({ body: { zqstate: "done", zqverdict: expect.any(String) }, rules: [] });
    const queued = values.with({ zqstate: "queued" }) as Input;
    expect(refusals(queued)).toEqual({ body: { zqstate: "queued" }, rules: [] });
    expect(refusals(values.minimal()).rules).toEqual([]);
  });

  it("an input that pins the required field away is no input the shapes allow; a value no shape takes is kept", () => {
    const values = new ToolValues(tool, doc);
    expect(values.with({ zqstate: "done", zqverdict: undefined })).toBeUndefined();
    // An invalid input's value (the runtime refuses it before any request): left as pinned, nothing added.
    const unknown = values.with({ zqstate: "zq-unknown" }) as Input;
    expect([unknown.zqstate, unknown.zqverdict]).toEqual(["zq-unknown", undefined]);
  });

  it("random valid inputs meet a shape, and reach the one the value selects", () => {
    const values = new ToolValues(tool, doc);
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 80, seed: 7 });
    const judged = drawn.map(refusals);
    expect(judged.filter((j) => j.rules.length)).toEqual([]);
    expect(judged.some((j) => j.body.zqstate === "done")).toBe(true);
  });
});
