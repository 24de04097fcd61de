// A published example whose fields are local `$ref`s to other examples
// (`lid: {$ref: '#/components/examples/ZqLid/value'}`): the document's author
// meant the value named. The cut dropped what such a field names, and the load
// kept the field literal while the mock's Prism followed it (serving
// `{"$ref": "#/__bundled__/value"}`, which names nothing): the answer case
// failed, "the mock's answer: expected … got …". Now the cut keeps what it
// names and the load reads it as that value, which the suite and the mock
// then share.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { exampleKind } from "../../contract/kinds/example.js";
import { linkProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, openapi, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const lid: Json = { type: "object", properties: { colour: { type: "string" } } };
const box: Json = {
  type: "object",
  properties: { id: { type: "string" }, label: { type: "string", nullable: true }, lid },
};
const answer = (schema: Json, example: string) => ({
  description: "The reply.",
  content: { "application/json": { schema, examples: { [example]: { $ref: `#/components/examples/${example}` } } } },
});
const doc = openapi(
  {
    "/zqboxes/{id}": {
      get: {
        operationId: "getZqBox",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: { "200": answer(box, "ZqBoxed") },
      },
    },
    "/zqlids/{id}": {
      get: {
        operationId: "getZqLid",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: { "200": answer(lid, "ZqLid") },
      },
    },
  },
  {
    examples: {
      ZqBoxed: { value: { id: "zq-b1", label: null, lid: { $ref: "#/components/examples/ZqLid/value" } } },
      ZqLid: { value: { colour: "teal" } },
    },
  },
);

describe("an example whose field is a $ref to another example's value", () => {
  it("keeps, in the cut, the example the field names", () => {
    const d = drafted(doc, ["getZqBox"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(cut.components.examples.ZqLid).toEqual({ value: { colour: "teal" } });
  });

  it("is served by the mock as the suite expects it: the value the field names", async () => {
    const d = drafted(doc, ["getZqBox", "getZqLid"]);
    expect(await linkProblems(d)).toEqual([]);
    const project = mkdtempSync(join(tmpdir(), "blockwright-zq-example-refs-"));
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    // As `test` reads them.
    const { ir, document } = await linkProvider(project, dir);
    const tool = ir.operations.find((o) => o.tool.id === "acme_get_zq_box")!.tool;
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      const cases = exampleKind.derive(tool, { provider: "acme", tools: [tool], document });
      expect(cases.map((c) => c.name)).toContain('answer 200 "ZqBoxed"');
      for (const c of cases)
        await expect(c.run({ mockUrl: () => mocks.urls.acme!, seed: 1, runs: 1 })).resolves.toBeUndefined();
      const served = await fetch(`${mocks.urls.acme}/zqboxes/zq-b1`, {
        headers: { authorization: "Bearer zq-token-0001", prefer: "example=ZqBoxed" },
      });
      expect(await served.json()).toEqual({ id: "zq-b1", label: null, lid: { colour: "teal" } });
    } finally {
      await mocks.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
