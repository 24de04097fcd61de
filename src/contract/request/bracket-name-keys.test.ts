// A query list whose name ends in brackets (`zqf[]`, form, exploded) and whose items the document leaves untyped: an
// item that is itself a list or an object goes as brackets after the name (`zqf[][0]=…`), as a plain name's does
// (`zqg[0]=…`). The suite's request check stripped a key from its first bracket (`zqf`) and refused the key as
// undeclared, while the same value under a plain name passed. A key is a declared name followed by bracket segments;
// a key that is none is still refused. An object's key may hold brackets itself (`zqg[0][zqa[zqeq]]`).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Exchange } from "../exchange.js";
import { checkRequest } from "./request.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-bracket-name-keys-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const untyped = { type: "array", items: { description: "any value" } };
const openapi = keyedDocument("zqbrackets", {
  "/zqitems": {
    get: {
      operationId: "listZqitems",
      parameters: [
        { name: "zqf[]", in: "query", style: "form", explode: true, schema: untyped },
        { name: "zqg", in: "query", schema: untyped },
      ],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

const param = (name: string, wire: string) => `      ${name}:
        type: json
        jsonType: array
        description: A list.
        wire: { in: query, name: "${wire}" }
`;
const manifest = keyedManifest(
  "zqbrackets",
  `  zqbrackets_list_items:
    operationId: listZqitems
    title: List the items
    description: List the items.
    params:
${param("zqf", "zqf[]")}${param("zqg", "zqg")}    outputs:
      data:
        type: json
        from: $response.body
        description: The items.
`,
);

const { linked, tool } = await linkedTool(work, "zqbrackets", openapi, manifest, "zqbrackets_list_items");

/** The request the call sends, with `extra` query pairs after its own (a key no call writes). */
async function sent(input: Record<string, unknown>, extra = ""): Promise<Exchange> {
  const ex = await sentGet(tool, input);
  ex.url.search = `${ex.url.search}${extra}`;
  return { ...ex, search: ex.url.search };
}

describe("a query list named with brackets, its items lists or objects", () => {
  const input = { apiKey: "zq-key-0001", zqf: [[1], { zqa: "x" }, true], zqg: [[1], { zqa: "x" }, true] };

  it("is held to its declared name under either name", async () => {
    const ex = await sent(input);
    const keys = [...new Set(ex.url.searchParams.keys())];
    expect(keys.filter((k) => k.startsWith("zqf[]["))).not.toEqual([]);
    expect(keys.filter((k) => k.startsWith("zqg["))).not.toEqual([]);
    expect(() => checkRequest(ex, tool, linked.document, input)).not.toThrow();
  });

  it("still refuses a key that is no declared name with brackets after it", async () => {
    const ex = await sent(input, "&zqf%5Bx=1");
    expect(() => checkRequest(ex, tool, linked.document, input)).toThrow(/query key zqf\[x is not declared/);
    const other = await sent(input, "&zqfo%5B%5D=1");
    expect(() => checkRequest(other, tool, linked.document, input)).toThrow(/query key zqfo\[\] is not declared/);
  });

  it("holds an object's key that has brackets itself to the name (a segment whose brackets balance)", async () => {
    const keyed = { apiKey: "zq-key-0001", zqg: [{ "zqa[zqeq]": "x" }] };
    const ex = await sent(keyed);
    expect([...ex.url.searchParams.keys()]).toContain("zqg[0][zqa[zqeq]]");
    expect(() => checkRequest(ex, tool, linked.document, keyed)).not.toThrow();
    const unbalanced = await sent(keyed, "&zqg%5B0%5D%5Bzqa%5B=1");
    expect(() => checkRequest(unbalanced, tool, linked.document, keyed)).toThrow(/query key zqg\[0\]\[zqa\[ is not/);
  });
});
