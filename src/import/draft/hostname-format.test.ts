// A body field of `format: hostname` (where a call is forwarded to): the manifest could not state the format, so the
// runtime took any text and the contract suite's random valid inputs sent such as "}~", which the mock (Prism, its
// validator's formats) refused. add now drafts the format, the runtime checks it before any request, and the suite
// draws host names alone as valid and a text that is none as invalid.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { matchesFormat, validateParams } from "@blockwright/runtime/internal";
import { invalidInput } from "../../contract/inputs/invalid-inputs.js";
import { validInput } from "../../contract/inputs/random-inputs.js";
import { ToolValues } from "../../contract/inputs/values.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqtargets": {
    post: {
      operationId: "addZqTarget",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqHost"],
              properties: {
                zqHost: {
                  type: "string",
                  format: "hostname",
                  description: "Where calls go",
                  example: "zq.example.com",
                },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("a body field of format hostname", () => {
  it("is drafted with its format, which the runtime checks and the suite's random values keep", async () => {
    const d = drafted(document, ["addZqTarget"]);
    expect(d.manifest.operations.acme_add_zq_target?.params?.zqHost).toMatchObject({ format: "hostname" });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const cut = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
    const address = "http://127.0.0.1:1";
    const valid = fc.sample(validInput(tool!, new ToolValues(tool!, cut), address), { numRuns: 60, seed: 7 });
    const given = (zqHost: string) => validateParams(tool!, { ...valid[0], zqHost });
    expect(given("zq-1.example.org")).toMatchObject({ ok: true });
    expect(given("}~")).toMatchObject({ ok: false, issues: [{ param: "zqHost", rule: "format" }] });
    for (const input of valid) expect(matchesFormat("hostname", String(input.zqHost)), String(input.zqHost)).toBe(true);
    const broken = fc
      .sample(invalidInput(tool!, new ToolValues(tool!, cut), address), { numRuns: 300, seed: 7 })
      .filter((draw) => draw.param === "zqHost" && draw.rule.includes("format"));
    expect(broken.length).toBeGreaterThan(0);
    for (const draw of broken) expect(matchesFormat("hostname", String(draw.input.zqHost))).toBe(false);
  });
});
