// A path key that carries its own query (`/zqrides?zqpage={zqpage}`, as some published documents write one
// operation per query): its `in: path` parameters are that query's pairs. The runtime fills the key and sends them
// there; the request judge and the mock's Prism required them of the path ("required by the document, and not
// sent"), and the suite read them back from the path: every case failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { requestKind } from "../../contract/kinds/request.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqrides?zqpage={zqpage}": {
    get: {
      operationId: "listZqrides",
      parameters: [{ name: "zqpage", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a path key with its own query holding a path parameter", () => {
  it("sends the parameter as that query pair, which the judge and the mock read there", async () => {
    const d = drafted(doc, ["listZqrides"]);
    expect(await linkProblems(d)).toEqual([]);
    const project = mkdtempSync(join(tmpdir(), "blockwright-zq-key-query-"));
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const list = (await loadProvider(project, dir)).operations.find((o) => o.tool.id === "acme_list_zqrides")!.tool;
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      const sent: string[] = [];
      const fetchFn = (request: Request) => {
        sent.push(new URL(request.url).search);
        return fetch(request);
      };
      const result = await executeToolDefinition(
        list,
        { accessToken: "zq-token-0001", zqpage: 2 },
        { baseUrl: mocks.urls.acme!, fetch: fetchFn },
      );
      expect(sent).toEqual(["?zqpage=2"]);
      expect(result).toMatchObject({ success: true });
      // The suite reads the value back where it was sent: its request case passes on the mock.
      const document = new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml")));
      const cases = requestKind.derive(list, { provider: "acme", tools: [list], document });
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases)
        await expect(c.run({ mockUrl: () => mocks.urls.acme!, seed: 1, runs: 1 })).resolves.toBeUndefined();
    } finally {
      await mocks.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
