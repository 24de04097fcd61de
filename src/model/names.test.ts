// Names from the inputs that reach generated code or paths: provider ids,
// operation ids, parameter and output names, keys of JSON values. The schema's
// patterns make every id a valid part of an identifier and a folder name;
// clashes a pattern cannot see are link errors (link.test.ts: two operation
// ids with one TypeScript name, a parameter named like the operation
// selector, an output that holds others); a `__proto__` key is written so
// that it stays a key. Spec file names are escaped like any text (hostile.test.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../emit/generate-all.js";
import { camelCase, pascalCase } from "./naming.js";
import { importInChild, typeErrors, writeInstalled } from "../../test-support/installed-package.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const schema = JSON.parse(readFileSync(join(root, "specs/manifest.schema.json"), "utf8")) as {
  properties: { provider: { pattern: string }; operations: { propertyNames: { pattern: string } } };
};
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

describe("ids the schema accepts", () => {
  it("give valid identifiers for every name the generated code declares, and a provider id one folder name", () => {
    const providerId = fc.stringMatching(new RegExp(schema.properties.provider.pattern));
    const operationId = fc.stringMatching(new RegExp(schema.properties.operations.propertyNames.pattern));
    fc.assert(
      fc.property(providerId, operationId, (provider, id) => {
        for (const name of [
          `${camelCase(provider)}Auth`,
          `${pascalCase(provider)}OpenApi`,
          `create${pascalCase(provider)}Client`,
          `${camelCase(id)}Tool`,
          `${pascalCase(id)}Params`,
          `${pascalCase(id)}Output`,
        ]) {
          expect(name).toMatch(IDENTIFIER);
        }
        expect(basename(provider)).toBe(provider);
        expect([".", ".."]).not.toContain(provider);
      }),
    );
  });
});

describe("text without a letter or a digit", () => {
  it("makes an empty name, not a TypeError", () => {
    expect([camelCase(""), camelCase("__"), pascalCase("--")]).toEqual(["", "", ""]);
  });
});

describe("a __proto__ key in the inputs", () => {
  const work = mkdtempSync(join(tmpdir(), "blockwright-names-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const dir = join(work, "specs", "shelf");
  cpSync(fileURLToPath(new URL("../../test-support/fixtures/specs/shelf", import.meta.url)), dir, { recursive: true });
  const manifest = join(dir, "manifest.yaml");
  const text = readFileSync(manifest, "utf8")
    // An output named __proto__, and a JSON default with a __proto__ key.
    .replace(
      "    outputs:\n      book:\n",
      '    outputs:\n      __proto__:\n        type: string\n        from: "$response.body#/state"\n        ' +
        "description: The state again.\n      book:\n",
    )
    .replace(
      "        description: Free-form metadata.\n",
      "        description: Free-form metadata.\n        default: { __proto__: { polluted: true } }\n",
    );
  writeFileSync(manifest, text);

  it("stays an own key of the generated data, and sets no prototype", async () => {
    const { files } = await generate({ root: work, outDir: join(work, "generated") });
    const installed = writeInstalled(files, work);
    const entry = join(installed.dir, "shelf/index.js");
    expect(
      importInChild(
        entry,
        `{ outputs: Object.keys(m.block.outputs.shelf_get_book), plain: \
Object.getPrototypeOf(m.block.outputs.shelf_get_book) === Object.prototype,
           defaultKeys: Object.keys(m.tools.shelf_add_book.params.find((p) => p.name === "meta").default), polluted: \
({}).polluted ?? null }`,
      ),
    ).toEqual({ outputs: ["__proto__", "book", "state"], plain: true, defaultKeys: ["__proto__"], polluted: null });
    expect(typeErrors([entry, join(installed.dir, "shelf/index.d.ts")])).toEqual([]);
  });
});
