// A link's value (wire.multiSegment reserved, as-given) given by the manifest itself, a default or an example, where
// the operation's path goes on after the link (`/{scope}/providers/zq.Thing/items`): the runtime refuses a call's value
// with "?" there (its query would swallow the text after it: runtime/http/path-link.ts), and the link step took such a
// default or example, which every call or the suite then sends. Refused at its place, file:line:col, with the
// runtime's words; a value without "?", or one at a link that ends the path, still links.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkProblems, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const scope = { name: "scope", in: "path", required: true, schema: { type: "string" }, "x-ms-skip-url-encoding": true };
const listing = (operationId: string) => ({
  get: { operationId, parameters: [scope], responses: { "200": reply({ type: "object" }) } },
});
const document = openapi({
  "/{scope}/providers/zq.Thing/items": listing("ZqThings_List"),
  "/zqv1/{scope}": listing("ZqScopes_Get"),
});

/** The draft with `value` as the scope's default in the operation `id`. */
async function withDefault(id: string, value: string): Promise<string[]> {
  const d = drafted(document, ["ZqThings_List", "ZqScopes_Get"], "zqscopes");
  const at = d.manifestText.indexOf(`  ${id}:`);
  const scopeAt = d.manifestText.indexOf("      scope:\n", at);
  expect(scopeAt).toBeGreaterThan(at);
  const written = `      scope:\n        default: ${JSON.stringify(value)}\n`;
  const manifestText = d.manifestText.slice(0, scopeAt) + written + d.manifestText.slice(scopeAt + 13);
  return linkProblems({ ...d, manifestText }, "zqscopes");
}

describe("a link's default where the path goes on after it", () => {
  it("with '?': refused at its place, naming the parameter, the text after it and the value", async () => {
    expect(await withDefault("zqscopes_zq_things_list", "zqsubs/1?zqa=1")).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs/zqscopes/manifest\.yaml:\d+:\d+: operations\.zqscopes_zq_things_list\.params\.scope\.` +
            String.raw`default: default "zqsubs/1\?zqa=1" breaks the parameter's rules: scope: must not hold "\?" ` +
            String.raw`here: it is sent as given \(wire\.multiSegment: as-given\), and the path goes on after it ` +
            String.raw`\("/providers/zq\.Thing/items"\)`,
        ),
      ),
    ]);
  });

  it("without '?', or where the link ends the path: linked", async () => {
    expect(await withDefault("zqscopes_zq_things_list", "zqsubs/1/zqgroups/g1")).toEqual([]);
    expect(await withDefault("zqscopes_zq_scopes_get", "zqsubs/1?zqa=1")).toEqual([]);
  });

  it("with its own leading '/' after the path's: linked, as a call joins the two ('//' still refused)", async () => {
    expect(await withDefault("zqscopes_zq_things_list", "/zqsubs/1/zqgroups/g1")).toEqual([]);
    expect(await withDefault("zqscopes_zq_things_list", "//zqsubs/1")).toEqual([
      expect.stringMatching(/params\.scope\.default: .*scope: must not be or hold a segment "", /),
    ]);
  });
});
