// A credential sent inside an object of a JSON body too (`auth.alsoSends` with a `path`: a document whose body takes
// `{auth: {hash: <key>}}`, "Authorization hash", beside its scheme): linked into each way that names it, sent at the
// nested place by the tools whichever way a call uses, the objects on the way made; the document's required `auth`
// object supplied by it. A place no operation declares, a path on a query place, and a place whose own rules the
// credential can never meet (another type, a fixed list, lengths or a pattern's lengths outside the credential's) are
// refused at link time, naming the field, the rule and the value.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import { authPlacement } from "./auth.js";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const fixture = fileURLToPath(new URL("../__fixtures__/zqdeep/", import.meta.url));
const KEY = "zqk_live_0000000000000001";
const TOKEN = "zqt_live_0000000000000002";

/** The fixture linked, each [from, to] replacement made in its manifest (m) or its document (o) first. */
async function linked(edits: { m?: [string, string][]; o?: [string, string][] } = {}) {
  const project = mkdtempSync(join(runScratch(), "bw-zqdeep-"));
  const dir = join(project, "specs", "zqdeep");
  cpSync(fixture, dir, { recursive: true });
  for (const [file, pairs] of [
    ["manifest.yaml", edits.m],
    ["openapi.yaml", edits.o],
  ] as const) {
    let text = readFileSync(join(dir, file), "utf8");
    for (const [from, to] of pairs ?? []) {
      expect(text, from).toContain(from);
      text = text.replace(from, () => to);
    }
    writeFileSync(join(dir, file), text);
  }
  try {
    const ir = await loadProvider(project, dir);
    return { tools: Object.fromEntries(ir.operations.map((o) => [o.tool.id, o.tool])) as Record<string, ToolSpec> };
  } catch (e) {
    if (e instanceof GenerationErrors)
      return { problems: e.errors.map((x) => x.message.replace(/^.*?manifest\.yaml:(\d+):(\d+): /, "$1:$2 ")) };
    throw e;
  }
}

async function tool(): Promise<ToolSpec> {
  const result = await linked();
  if ("problems" in result) throw new Error(result.problems?.join("\n"));
  return result.tools.zqdeep_make_font as ToolSpec;
}

/** A fetch that keeps each request, answering 200. */
function recorder() {
  const seen: { url: URL; body: string; authorization: string | null }[] = [];
  const fetch = async (r: Request) => {
    seen.push({ url: new URL(r.url), body: await r.text(), authorization: r.headers.get("authorization") });
    return new Response(JSON.stringify({ result: "made" }), { headers: { "content-type": "application/json" } });
  };
  return { seen, fetch };
}

describe("auth.alsoSends at a path inside a JSON body's object", () => {
  it("is linked into each way as the field's pointer, said in words, and no parameter of the tool", async () => {
    const t = await tool();
    expect(t.auth).toMatchObject({
      type: "query",
      alsoSends: [{ in: "body", pointer: "/auth/hash" }],
      alternatives: [{ type: "bearer", alsoSends: [{ in: "body", pointer: "/auth/hash" }] }],
    });
    expect(authPlacement(t.auth)).toBe("query:key also body:auth/hash | bearer also body:auth/hash");
    expect(t.params.map((p) => p.name).sort()).toEqual(["text", "zqApiKey", "zqToken"]);
  });

  it("sends the credential of the way a call uses at the nested place, the object made", async () => {
    const t = await tool();
    for (const [given, sent] of [
      [{ zqApiKey: KEY }, KEY],
      [{ zqToken: TOKEN }, TOKEN],
    ] as const) {
      const { seen, fetch } = recorder();
      const result = await executeToolDefinition(t, { ...given, text: "zq" }, { fetch });
      expect(result).toMatchObject({ success: true });
      expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ text: "zq", auth: { hash: sent } });
    }
  });

  it("refuses a path no operation declares, and a path on a query place, naming the field", async () => {
    const missing = await linked({
      m: [["path: [auth, hash] }\n  alternatives", "path: [auth, zqNone] }\n  alternatives"]],
    });
    expect(missing.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'auth.alsoSends.0.path: no operation of the manifest declares a body field at "auth" → "zqNone" in ' +
            "specs/zqdeep/openapi.yaml",
        ),
      ]),
    );
    const query = await linked({
      m: [["{ in: body, path: [auth, hash] }\n  alternatives", "{ in: query, path: [key] }\n  alternatives"]],
    });
    expect(query.problems).toEqual(
      expect.arrayContaining([expect.stringContaining("auth.alsoSends.0.path: path applies to a body place")]),
    );
  });

  it("refuses a place whose rules the credential never meets, naming the field, the rule and the value", async () => {
    const hash = "hash: { type: string, maxLength: 256, description: Authorization hash }";
    const cases: [string, string][] = [
      ["hash: { type: integer, description: Authorization hash }", 'is of type "integer", and the credential is text'],
      [
        "hash: { type: string, enum: [zq-a, zq-b], description: Authorization hash }",
        'takes only "zq-a", "zq-b" (enum)',
      ],
      [
        "hash: { type: string, maxLength: 8, description: Authorization hash }",
        'takes at most 8 characters (maxLength 8), never the credential "zqApiKey"\'s 16 to 256 characters',
      ],
      [
        "hash: { type: string, pattern: '^[a-f0-9]{4}$', description: Authorization hash }",
        'matches pattern "^[a-f0-9]{4}$", values of 4 characters, never the credential "zqApiKey"\'s 16 to 256',
      ],
    ];
    for (const [field, why] of cases) {
      const result = await linked({
        o: [[hash, field]],
        m: [["zqApiKey: { type: string, maxLength: 256,", "zqApiKey: { type: string, minLength: 16, maxLength: 256,"]],
      });
      expect(result.problems, field).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(
              `^\\d+:\\d+ auth\\.alsoSends\\.0: body field "auth" → "hash" of "makeFont" in ` +
                `specs/zqdeep/openapi\\.yaml ${escaped(why)}`,
            ),
          ),
        ]),
      );
    }
    // The credential's own bounds inside the field's: linked.
    expect(
      await linked({
        m: [["zqApiKey: { type: string, maxLength: 256,", "zqApiKey: { type: string, minLength: 16, maxLength: 256,"]],
      }),
    ).toHaveProperty("tools");
  });
});
