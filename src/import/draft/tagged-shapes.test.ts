// A request body `allOf: [common fields, oneOf: [shapes]]` whose shapes are told apart only by a field each
// narrows to a value of its own, which no shape requires (and whose other fields are optional too): a body that
// names no shape meets every shape, which oneOf refuses. The tag is drafted required, its enum the shapes' values,
// so every derived case sends one shape with its tag, and a call naming none is refused before any request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { deriveCases } from "../../contract/derive.js";
import { loadProvider } from "../../emit/link-provider.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shape = (tag: string, field: string) => ({
  type: "object",
  properties: {
    zqkind: { type: "string", enum: [tag], description: `Kind ${tag}.` },
    [field]: { type: "integer", minimum: 1 },
  },
});
const components = {
  schemas: {
    ZqCommon: {
      type: "object",
      properties: { zqslot: { type: "integer", minimum: 0, maximum: 9, description: "The slot." } },
    },
    ZqWidth: shape("zqwidth", "zq_width"),
    ZqDepth: shape("zqdepth", "zq_depth"),
    ZqTone: shape("zqtone", "zq_tone"),
    ZqGauge: {
      allOf: [
        { $ref: "#/components/schemas/ZqCommon" },
        { oneOf: ["ZqWidth", "ZqDepth", "ZqTone"].map((n) => ({ $ref: `#/components/schemas/${n}` })) },
      ],
    },
  },
};
const doc = openapi(
  {
    "/zqgauges": {
      post: {
        operationId: "addZqGauge",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqGauge" } } },
        },
        responses: { "201": reply({ type: "object", properties: { zqslot: { type: "integer" } } }, { zqslot: 1 }) },
      },
    },
  },
  components,
);

describe("a body of shapes told apart only by a field no shape requires (a tag)", () => {
  it(
    "drafts the tag required, its enum every shape's value, described as the choice of shape " +
      "(not as the first shape), said in a note; each shape's fields and the common one stay " +
      "optional (the tag keeps the body from being empty); it links",
    async () => {
      const d = drafted(doc, ["addZqGauge"]);
      const params = d.manifest.operations.acme_add_zq_gauge?.params ?? {};
      expect(params.zqkind).toMatchObject({
        required: true,
        enum: ["zqwidth", "zqdepth", "zqtone"],
        description: "Which of the body's 3 shapes this is (zqwidth, zqdepth, zqtone); give the fields of that shape.",
      });
      for (const field of ["zq_width", "zq_depth", "zq_tone", "zqslot"])
        expect(params[field]?.required, field).toBeUndefined();
      expect(notesAt(d, "operations.acme_add_zq_gauge.params").join("\n")).toContain(
        "told apart only by zqkind (zqwidth, zqdepth, zqtone), which no shape requires",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it(
    "every derived case passes on the mock (each sends one shape with its tag); a call without " +
      "the tag is refused before any request, naming it; the mock refuses a body naming no shape",
    async () => {
      const d = drafted(doc, ["addZqGauge"]);
      const root = mkdtempSync(join(tmpdir(), "blockwright-zq-tagged-"));
      const dir = join(root, "specs", "acme");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
      writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
      const provider = await loadProvider(root, dir);
      const tools = provider.operations.map((o) => o.tool);
      const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
      try {
        const url = mocks.urls.acme ?? "";
        const cases = deriveCases({
          provider: "acme",
          tools,
          document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
        });
        expect(cases.length).toBeGreaterThan(3);
        const failed: string[] = [];
        for (const c of cases)
          await c
            .run({ mockUrl: () => url, seed: 1, runs: 5 })
            .catch((e: Error) => failed.push(`${c.id}: ${e.message}`));
        expect(failed).toEqual([]);
        const sent: string[] = [];
        const fetchFn = (request: Request) => {
          sent.push(request.url);
          return fetch(request);
        };
        const tool = tools.find((t) => t.id === "acme_add_zq_gauge");
        if (!tool) throw new Error("acme_add_zq_gauge not linked");
        const untagged = await executeToolDefinition(
          tool,
          { accessToken: "zq-token-0001", zqslot: 1, zq_depth: 2 },
          { baseUrl: url, fetch: fetchFn },
        );
        expect(untagged).toMatchObject({ success: false });
        expect(JSON.stringify(untagged)).toContain("zqkind");
        expect(sent).toEqual([]);
        const tagged = await executeToolDefinition(
          tool,
          { accessToken: "zq-token-0001", zqslot: 1, zqkind: "zqdepth", zq_depth: 2 },
          { baseUrl: url, fetch: fetchFn },
        );
        expect(tagged).toMatchObject({ success: true });
        const naked = await fetch(`${url}/zqgauges`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer zq-token-0001" },
          body: JSON.stringify({ zqslot: 1 }),
        });
        expect([naked.status, await naked.text()]).toEqual([
          422,
          expect.stringContaining("does not match exactly one subschema (3 matches)"),
        ]);
      } finally {
        await mocks.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
