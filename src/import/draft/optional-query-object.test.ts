// An optional object query parameter (style deepObject) whose schema requires a field of its own (an estimate's
// `subscription`, its `plan_id` required whenever it is sent). Drafted as a parameter per field, each was optional
// (as the object is), so a call giving `subscription[id]` alone sent an object the document refuses (no `plan_id`):
// the contract suite's limit and property cases were refused by the request judge. It is drafted as one parameter
// now, whose schema checks its required fields as written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deriveCases } from "../../contract/derive.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const subscription = {
  type: "object",
  required: ["plan_id"],
  properties: {
    id: { type: "string", maxLength: 50 },
    plan_id: { type: "string", maxLength: 100 },
    plan_quantity: { type: "integer", minimum: 1 },
  },
};

const doc = (required: boolean) =>
  openapi({
    "/zqestimates": {
      get: {
        operationId: "zqEstimate",
        parameters: [
          { name: "subscription", in: "query", required, style: "deepObject", explode: true, schema: subscription },
          { name: "billing_cycles", in: "query", schema: { type: "integer", minimum: 0 } },
        ],
        responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
      },
    },
  });

describe("an optional object query parameter that requires a field of its own", () => {
  it("is drafted as one parameter, said in a note; a required one keeps a parameter per field", async () => {
    const d = drafted(doc(false), ["zqEstimate"], "zqest");
    const params = d.manifest.operations.zqest_zq_estimate?.params ?? {};
    expect(Object.keys(params).sort()).toEqual(["billing_cycles", "subscription"]);
    expect(params.subscription).toMatchObject({ type: "json" });
    expect(notesAt(d, "operations.zqest_zq_estimate").join("\n")).toContain(
      "query parameter subscription is an optional object that requires plan_id when sent: drafted as one parameter",
    );
    expect(await linkProblems(d, "zqest")).toEqual([]);
    const whole = drafted(doc(true), ["zqEstimate"], "zqest").manifest.operations.zqest_zq_estimate?.params ?? {};
    expect(Object.keys(whole).sort()).toEqual(["billing_cycles", "id", "plan_id", "plan_quantity"]);
    expect(whole.plan_id?.required).toBe(true);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const d = drafted(doc(false), ["zqEstimate"], "zqest");
    const root = mkdtempSync(join(tmpdir(), "blockwright-zq-optobject-"));
    const dir = join(root, "specs", "zqest");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const provider = await loadProvider(root, dir);
    const mocks = await startMocks(["zqest"], { specsDir: join(root, "specs"), root });
    try {
      const url = mocks.urls.zqest ?? "";
      const cases = deriveCases({
        provider: "zqest",
        tools: provider.operations.map((o) => o.tool),
        document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
      });
      expect(cases.length).toBeGreaterThan(3);
      const failed: string[] = [];
      for (const c of cases)
        await c.run({ mockUrl: () => url, seed: 1, runs: 8 }).catch((e: Error) => failed.push(`${c.id}: ${e.message}`));
      expect(failed).toEqual([]);
    } finally {
      await mocks.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
