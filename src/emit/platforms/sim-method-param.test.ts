// An operation with a parameter named `method` (a storage API's pre-signed URL: the method the URL allows): Sim's
// executor would read such a parameter as the request's method, so the tool's ToolConfig takes its method from the
// builder, `request.method`. The builder was typed as giving any text, which Sim's ToolConfig (its `HttpMethod`)
// refuses: the generated Sim files did not type-check against Sim's own types. It gives Sim's methods now.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftedProject } from "../../../test-support/platforms/drafted-project.js";
import { simTree, typeCheckSim, writeFiles } from "../../../test-support/platforms/tools.js";
import { drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { generate } from "../generate-all.js";

const document = openapi({
  "/zqbuckets/{zqBucket}/zqurls": {
    post: {
      operationId: "createZqObjectUrl",
      parameters: [{ name: "zqBucket", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["method", "name"],
              properties: {
                method: { type: "string", enum: ["GET", "PUT"], description: "The method the URL allows." },
                name: { type: "string", description: "The object's name." },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { url: { type: "string" } } }) },
    },
  },
});

let work = "";
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "blockwright-sim-method-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a Sim tool of an operation with a parameter named method", () => {
  it("takes its method from the builder, typed as Sim's methods: its files type-check against Sim's", async () => {
    await draftedProject(work, "zqstore", drafted(document, ["createZqObjectUrl"], "zqstore"), {
      name: "zq-sim-method",
      license: "MIT",
    });
    const sim = (await generate({ root: work, target: "sim" })).files;
    expect([...sim.values()].some((text) => text.includes("method: request.method"))).toBe(true);
    writeFiles(join(work, "generated-sim"), sim);
    const copied = simTree(join(work, "sim"), join(work, "generated-sim"), [
      { id: "zqstore", name: "@blockwright/zqstore", dir: join(work, "generated", "zqstore") },
    ]);
    expect(await typeCheckSim(join(work, "sim"), copied)).toEqual([]);
  }, 120_000);
});
