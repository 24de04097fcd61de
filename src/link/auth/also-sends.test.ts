// One credential, two places (`auth.alsoSends`): a document that takes the key as a query parameter (its security
// scheme) and requires it again as a body field of the same name. The key is given once and sent at both places, by
// the tools of the operations that declare the field (a multipart part, a JSON field), the other tools at the query
// alone; it is withheld from every result as the credential is; the mocks and the request judge, which read no
// alsoSends, hold a request to carry it in the body as the document requires; a place no operation declares, or the
// scheme's own, is refused naming the field.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import { credentialCoversOf } from "../../mocks/credential-covers.js";
import { authPlacement } from "./auth.js";
import { describeAuth } from "../../emit/emit.js";

const fixture = fileURLToPath(new URL("../__fixtures__/zqsends/", import.meta.url));
const KEY = "zqk_live_0000000000000001";

/** The fixture linked, its manifest's `alsoSends` lines replaced by `sends` when given. */
async function linked(sends?: string): Promise<{ tools: Record<string, ToolSpec> } | { problems: string[] }> {
  const project = mkdtempSync(join(runScratch(), "bw-zqsends-"));
  const dir = join(project, "specs", "zqsends");
  cpSync(fixture, dir, { recursive: true });
  const file = join(dir, "manifest.yaml");
  if (sends !== undefined)
    writeFileSync(file, readFileSync(file, "utf8").replace("    - { in: body, name: key }\n", sends));
  try {
    const ir = await loadProvider(project, dir);
    return { tools: Object.fromEntries(ir.operations.map((o) => [o.tool.id, o.tool])) };
  } catch (e) {
    if (e instanceof GenerationErrors)
      return { problems: e.errors.map((x) => x.message.replace(/^.*?manifest\.yaml:\d+:\d+: /, "")) };
    throw e;
  }
}

async function tools(): Promise<Record<string, ToolSpec>> {
  const result = await linked();
  if ("problems" in result) throw new Error(result.problems.join("\n"));
  return result.tools;
}

/** A fetch that keeps each request and its body's text, answering `answer`. */
function recorder(status = 200, answer: (body: string) => unknown = () => ({ result: "spun", credit: 3 })) {
  const seen: { url: URL; body: string; type: string }[] = [];
  const fetch = async (r: Request) => {
    const body = await r.text();
    seen.push({ url: new URL(r.url), body, type: r.headers.get("content-type") ?? "" });
    return new Response(JSON.stringify(answer(body)), { status, headers: { "content-type": "application/json" } });
  };
  return { seen, fetch };
}

describe("auth.alsoSends: the credential at another place the document requires it", () => {
  it("is linked into the tools of the operations that declare the place, and said in the surface", async () => {
    const t = await tools();
    expect(t.zqsends_spin?.auth).toMatchObject({
      type: "query",
      name: "key",
      alsoSends: [{ in: "body", pointer: "/key" }],
    });
    expect(t.zqsends_account?.auth).not.toHaveProperty("alsoSends");
    // One input: the body's key is no parameter of the tool.
    expect(t.zqsends_spin?.params.map((p) => p.name).sort()).toEqual(["text", "zqApiKey"]);
    expect(authPlacement(t.zqsends_spin?.auth as ToolSpec["auth"])).toBe("query:key also body:key");
    expect(describeAuth(t.zqsends_spin?.auth as ToolSpec["auth"])).toBe(
      "`key` query parameter, and again as `key` body field",
    );
  });

  it("sends the key given once at both places (a part, a JSON field), the query alone without a body", async () => {
    const t = await tools();
    for (const [id, read] of [
      ["zqsends_spin", (body: string) => /name="key"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1]],
      ["zqsends_spin_json", (body: string) => (JSON.parse(body) as { key?: string }).key],
    ] as const) {
      const { seen, fetch } = recorder();
      const result = await executeToolDefinition(t[id] as ToolSpec, { zqApiKey: KEY, text: "zq text" }, { fetch });
      expect(result, id).toMatchObject({ success: true, output: { result: "spun" } });
      expect(seen[0]?.url.searchParams.get("key"), id).toBe(KEY);
      expect(read(seen[0]?.body ?? ""), id).toBe(KEY);
    }
    const { seen, fetch } = recorder();
    expect(await executeToolDefinition(t.zqsends_account as ToolSpec, { zqApiKey: KEY }, { fetch })).toMatchObject({
      success: true,
    });
    expect(seen[0]?.url.search).toBe(`?key=${KEY}`);
  });

  it("withholds the key from a result whose error echoes the body it was sent in", async () => {
    const t = await tools();
    const { fetch } = recorder(400, (body) => ({ message: `refused: ${body}` }));
    const result = await executeToolDefinition(
      t.zqsends_spin_json as ToolSpec,
      { zqApiKey: KEY, text: "zq" },
      { fetch },
    );
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).toContain("refused");
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it("is not covered for the mocks and the request judge: they hold a request to carry it in the body", () => {
    const manifest = { scheme: "zqKey", param: "zqApiKey", alsoSends: [{ in: "body", name: "key" }] };
    const document = { components: { securitySchemes: { zqKey: { type: "apiKey", in: "query", name: "key" } } } };
    const covers = credentialCoversOf(manifest, document);
    expect(covers({ in: "body", name: "key" })).toBe(false);
    expect(covers({ in: "query", name: "key" })).toBe(true);
  });

  it("refuses a place no operation declares, the scheme's own, or one covers names, naming the field", async () => {
    expect(await linked("    - { in: body, name: zqNoSuchField }\n")).toMatchObject({
      problems: expect.arrayContaining([
        'auth.alsoSends.0.name: no operation of the manifest declares a top-level body field "zqNoSuchField" in ' +
          "specs/zqsends/openapi.yaml",
      ]),
    });
    expect(await linked("    - { in: query, name: key }\n")).toMatchObject({
      problems: expect.arrayContaining([expect.stringContaining('query "key" is where security scheme "zqKey" sends')]),
    });
    expect(await linked("    - { in: body, name: key }\n  covers: [key]\n")).toMatchObject({
      problems: expect.arrayContaining([expect.stringContaining('"key" is in auth.covers too')]),
    });
  });
});
