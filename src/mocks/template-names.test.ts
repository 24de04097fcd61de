// A path template whose expression names a parameter by text RFC 6570 reads otherwise (`{zq_id:}`, a directory
// document's: a `:` starts a prefix modifier there; `{zq.set}`, a `.`; `{zq*}`, explode): OpenAPI's path templating
// takes any text but braces as the name. The runtime filled the path and the judge read it, but the mock's Prism, which
// reads templates as RFC 6570 does, read no value and refused every call ("Request path must have required property
// 'zq_id:'"). The document the mock serves names such a parameter in letters, digits and `_` alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../emit/link-provider.js";
import { drafted, draftWorkFolder, type Json, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { withPlainTemplateNames } from "../load/operation-index.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-template-names-"));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

const text = { type: "string", maxLength: 32 };
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const document = openapi(
  {
    "/zqinsights/{zq_id:}/query": {
      get: {
        operationId: "queryZqInsight",
        parameters: [
          { name: "zq_id:", in: "path", required: true, schema: text },
          { name: "zqv", in: "query", required: true, schema: text },
        ],
        responses: ok,
      },
    },
    "/zqsets/{zq.set}/{zq*}": {
      parameters: [{ $ref: "#/components/parameters/zqSet" }],
      get: {
        operationId: "getZqMember",
        parameters: [{ name: "zq*", in: "path", required: true, schema: text }],
        responses: ok,
      },
    },
  },
  { parameters: { zqSet: { name: "zq.set", in: "path", required: true, schema: text } } },
);

describe("a path template whose parameter's name RFC 6570 reads otherwise (`{zq_id:}`, `{zq.set}`, `{zq*}`)", () => {
  it("is served to Prism with its names in letters, digits and `_`, in the key and parameters ($ref followed)", () => {
    const item = (document.paths as Record<string, unknown>)["/zqsets/{zq.set}/{zq*}"];
    const resolve = (v: unknown) => ((v as { $ref?: string }).$ref ? document.components.parameters.zqSet : v);
    const plain = withPlainTemplateNames("/zqsets/{zq.set}/{zq*}", item, resolve) as { path: string; item: Json };
    expect(plain.path).toBe("/zqsets/{zq_2Eset}/{zq_2A}");
    expect(plain.item.parameters[0].name).toBe("zq_2Eset");
    expect(plain.item.get.parameters[0].name).toBe("zq_2A");
    expect(withPlainTemplateNames("/zq/{zq-id}/{zq_x}", item, resolve)).toEqual({ path: "/zq/{zq-id}/{zq_x}", item });
    // A written name another expression already has takes a `_` more.
    expect(withPlainTemplateNames("/zq/{zq:}/{zq_3A}", {}, resolve).path).toBe("/zq/{zq_3A_}/{zq_3A}");
  });

  it("is filled by the runtime, and the judge and the mock take the call", async () => {
    const d = drafted(document, ["queryZqInsight", "getZqMember"]);
    const dir = join(work, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const tools = (await loadProvider(work, dir)).operations.map((o) => o.tool);
    const tool = (id: string) => tools.find((t) => t.id === id)!;
    const mocks = await startMocks(["acme"], { specsDir: join(work, "specs"), root: work, logLevel: "silent" });
    try {
      const sent: string[] = [];
      const options = {
        baseUrl: mocks.urls.acme!,
        fetch: (request: Request) => {
          sent.push(request.url.slice(mocks.urls.acme!.length));
          return fetch(request);
        },
      };
      const insight = await executeToolDefinition(
        tool("acme_query_zq_insight"),
        { accessToken: "zq-token-0001", zqId: "zq7", zqv: "2" },
        options,
      );
      const member = await executeToolDefinition(
        tool("acme_get_zq_member"),
        { accessToken: "zq-token-0001", zqSet: "zqa", zq: "zqb" },
        options,
      );
      expect(sent).toEqual(["/zqinsights/zq7/query?zqv=2", "/zqsets/zqa/zqb"]);
      expect([insight, member]).toMatchObject([{ success: true }, { success: true }]);
    } finally {
      await mocks.close();
    }
  });
});
