// A query list whose items, given by `$ref`, are strings with an enum of numbers (`items: {$ref: Ratio}`, `Ratio:
// {type: string, enum: [969, 556]}`, as a published document writes it): each item is text on the wire, so the values
// are their texts, as the runtime, the judge and the mocks read them. The limit case at the enum's boundary sent the
// number 969, which the runtime refused as no string ("expected success, got validation error"): the `$ref` kept the
// document's index from reading the items' enum as texts.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { startMocks, type MockServers } from "../../mocks/mocks.js";
import { deriveCases } from "../derive.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-limit-list-text-enum-"));

const openapi = {
  ...keyedDocument("zqclips", {
    "/zqclips": {
      get: {
        operationId: "searchZqclips",
        parameters: [
          {
            name: "zqratios",
            in: "query",
            style: "form",
            explode: false,
            schema: { type: "array", items: { $ref: "#/components/schemas/ZqRatio" } },
          },
        ],
        responses: { "204": { description: "none" } },
      },
    },
  }),
};
const components = (openapi as { components: Record<string, unknown> }).components;
components.schemas = { ZqRatio: { type: "string", enum: [969, 556] } };

const manifest = keyedManifest(
  "zqclips",
  `  zqclips_search:
    operationId: searchZqclips
    title: Search clips
    description: Search clips.
    params:
      zqratios:
        type: json
        jsonType: array
        description: Aspect ratios.
        wire: { in: query }
    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqclips", openapi, manifest, "zqclips_search");
let mocks: MockServers;
beforeAll(async () => {
  mocks = await startMocks(["zqclips"], { specsDir: join(work, "specs"), root: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a query list whose $ref items are strings listing numbers", () => {
  it("reads the items' values as their texts", () => {
    const operation = linked.document.operations.get("searchZqclips");
    const parameter = operation?.parameters.find((p) => p.name === "zqratios");
    expect(parameter?.schema).toMatchObject({ items: { type: "string", enum: ["969", "556"] } });
  });

  it("sends the enum's values at its boundary, accepted by the runtime and the mock", async () => {
    const cases = deriveCases({ provider: "zqclips", tools: [tool], document: linked.document });
    const limits = cases.filter((c) => c.kind === "limit" && c.name.startsWith("zqratios"));
    expect(limits.length).toBeGreaterThan(0);
    for (const c of limits) await c.run({ mockUrl: () => mocks.urls.zqclips!, seed: 1, runs: 1 });
  });
});
