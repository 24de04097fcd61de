// A provider whose address is a template with a variable in its host and no default (`https://{zqTenant}.zqhost.test`):
// the variable is a required connection input, but a call given a base address (the suite's mock, a sandbox) has the
// address stand for it (runtime instance-address.ts), so leaving it out breaks nothing. The suite's random invalid
// inputs left it out and expected a refusal before any request; the call went out (a published document's
// `{accountName}.{environment}` host, 3 cases red). A variable of the template's path (a version) stays required.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-address-variables-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = {
  ...keyedDocument("zqtenants", {
    "/zqrooms": {
      get: {
        operationId: "listRooms",
        parameters: [{ name: "zqFloor", in: "query", schema: { type: "integer", minimum: 0, maximum: 9 } }],
        responses: {
          "200": {
            description: "rooms",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
  }),
  servers: [
    {
      url: "https://{zqTenant}.zqhost.test/{zqVersion}",
      variables: { zqTenant: { default: "zqtenant" }, zqVersion: { default: "v1", enum: ["v1", "v2"] } },
    },
  ],
};

// The keyed manifest with the address a template of two variables, each a connection input without a default.
const manifest = keyedManifest(
  "zqtenants",
  `  zqtenants_list_rooms:
    operationId: listRooms
    title: List rooms
    description: List rooms.
    params:
      zqFloor:
        type: number
        integer: true
        minimum: 0
        maximum: 9
        description: The floor.
        wire: { in: query }
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
`,
)
  .replace(
    "server:\n  default: https://api.zqtenants.test\n",
    `server:
  url: https://{zqTenant}.zqhost.test/{zqVersion}
  variables:
    zqTenant: zqTenant
    zqVersion: zqVersion
`,
  )
  .replace(
    "params:\n",
    `params:
  zqTenant:
    type: string
    maxLength: 63
    pattern: ^[a-z0-9-]+$
    required: true
    visibility: user-only
    description: The tenant.
  zqVersion:
    type: string
    enum: [ v1, v2 ]
    required: true
    visibility: user-only
    description: The version.
`,
  );

const { linked, tool } = await linkedTool(work, "zqtenants", openapi, manifest, "zqtenants_list_rooms");
const values = new ToolValues(tool, linked.document);

describe("a host variable of the address template in the suite's invalid inputs", () => {
  it("is never left out as the rule broken, as a call given a base address needs none; the path's variable is", () => {
    const draws = fc.sample(invalidInput(tool, values, "http://127.0.0.1:9"), { numRuns: 600, seed: 3 });
    const leftOut = new Set(draws.filter((d) => d.rule.includes("required")).map((d) => d.param));
    expect(leftOut.has("zqTenant")).toBe(false);
    expect(leftOut.has("zqVersion")).toBe(true);
  });

  it("matches what the call does: without the host's variable it goes out to the base address", async () => {
    const sent: string[] = [];
    const fetch = async (r: Request) => {
      sent.push(r.url);
      return Response.json({ id: "zq" });
    };
    const result = await executeToolDefinition(
      tool,
      { apiKey: "zq-key-0001", zqVersion: "v2" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result.success).toBe(true);
    expect(sent).toEqual(["http://127.0.0.1:9/v2/zqrooms"]);
  });
});
