// A server whose path has a variable without a default a path can carry
// (`https://api.host/{tenant}`, its default the placeholder `{tenant}` itself, or none), while the operations take a
// query parameter of the same name: generate refused the draft (BW2019, the base path cannot be known; BW2011, the
// operations' parameter already a shared one). The cut writes a stand-in default, marked, which the mocks and the
// contract suite put in the path; the variable's input stays required; the operations' own parameter gets its own
// manifest name, sent where the document puts it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqTenant = { name: "zqTenant", in: "query", required: true, schema: { type: "string", default: "zqdemo" } };
const documentWith = (variable: Json | undefined) => ({
  ...openapi({
    "/zqwidgets/{id}": {
      get: {
        operationId: "getZqWidget",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, zqTenant],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "w1" }) },
      },
    },
  }),
  servers: [
    {
      url: "https://api.zqwidgets.example.com/{zqTenant}",
      ...(variable ? { variables: { zqTenant: variable } } : {}),
    },
  ],
});

describe("a server path variable whose default no path carries, named like an operation's query parameter", () => {
  it("with the placeholder default {zqTenant}: a required input, the cut's default a stand-in; it links", async () => {
    const d = drafted(documentWith({ default: "{zqTenant}", description: "The tenant." }), ["getZqWidget"]);
    expect(await linkProblems(d)).toEqual([]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(cut.servers[0].variables.zqTenant).toMatchObject({ default: "example", "x-blockwright-stand-in": true });
    expect(d.openapiText).toContain('the server variable {zqTenant} of the path has the default "{zqTenant}"');
    expect(d.manifest.server).toMatchObject({ url: "https://api.zqwidgets.example.com/{zqTenant}" });
    expect(d.manifest.params?.zqTenant).toMatchObject({ required: true, example: "example" });
    expect(d.manifest.params?.zqTenant).not.toHaveProperty("default");
    const own = d.manifest.operations.acme_get_zq_widget?.params?.zqTenant2;
    // Required, its default the document's example of the caller's data: drafted as its example, asked of each call.
    expect(own).toMatchObject({ required: true, example: "zqdemo", wire: { in: "query", name: "zqTenant" } });
    expect(own).not.toHaveProperty("default");
    expect(notesAt(d, "server.variables")[0]).toContain('its default written as "example"');
    expect(notesAt(d, "operations.acme_get_zq_widget.params.zqTenant2").join("\n")).toContain(
      "and no one input feeds both: where they name the same thing (an account in the address and the query), give " +
        "zqTenant2 the connection's value",
    );
  });

  it("with no variable declared: the same, and a call sends both where the document puts them", async () => {
    const d = drafted(documentWith(undefined), ["getZqWidget"]);
    expect(await linkProblems(d)).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), "blockwright-zq-stand-in-"));
    const dir = join(root, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const tool = (await loadProvider(root, dir)).operations[0]!.tool;
    const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
    try {
      const sent: string[] = [];
      const fetchFn = (request: Request) => {
        sent.push(`${request.method} ${request.url}`);
        return fetch(request);
      };
      const result = await executeToolDefinition(
        tool,
        { accessToken: "zq-token-0001", zqTenant: "example", zqTenant2: "zqdemo", id: "w1" },
        { baseUrl: mocks.urls.acme!, fetch: fetchFn },
      );
      expect(sent).toEqual([`GET ${mocks.urls.acme}/example/zqwidgets/w1?zqTenant=zqdemo`]);
      expect(result).toMatchObject({ success: true });
    } finally {
      await mocks.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a path variable with a default a path carries keeps it, unmarked", () => {
    const d = drafted(documentWith({ default: "zqmain" }), ["getZqWidget"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(cut.servers[0].variables.zqTenant).toEqual({ default: "zqmain" });
    expect(d.manifest.params?.zqTenant).toMatchObject({ default: "zqmain" });
  });
});
