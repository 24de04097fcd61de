// The manifest schema is the language's documentation: every field has a
// title, a description and examples, and every example is valid where it
// stands (so the documentation cannot drift from the language).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatPointer } from "@blockwright/runtime/internal";
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";

const Ajv = AjvModule.default ?? AjvModule;
const file = fileURLToPath(new URL("../../specs/manifest.schema.json", import.meta.url));
const schema = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

type Node = Record<string, unknown>;

/** Every property schema in the document, by JSON pointer. */
function properties(node: unknown, pointer = ""): [string, Node][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => properties(v, `${pointer}/${i}`));
  if (node === null || typeof node !== "object") return [];
  const out: [string, Node][] = [];
  for (const key of ["properties", "patternProperties"]) {
    for (const [name, sub] of Object.entries(((node as Node)[key] ?? {}) as Record<string, unknown>)) {
      if (sub !== null && typeof sub === "object") out.push([pointer + formatPointer([key, name]), sub as Node]);
    }
  }
  for (const [key, value] of Object.entries(node)) out.push(...properties(value, pointer + formatPointer([key])));
  return out;
}

/** Every schema object that carries examples, by JSON pointer. */
function withExamples(node: unknown, pointer = ""): [string, unknown[]][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => withExamples(v, `${pointer}/${i}`));
  if (node === null || typeof node !== "object") return [];
  const n = node as Node;
  const own: [string, unknown[]][] =
    Array.isArray(n.examples) && !pointer.endsWith("/properties") ? [[pointer, n.examples]] : [];
  return [
    ...own,
    ...Object.entries(n).flatMap(([key, value]) =>
      key === "examples" ? [] : withExamples(value, pointer + formatPointer([key])),
    ),
  ];
}

describe("the manifest schema", () => {
  it("gives every field a title, a description and examples (or a reference to a definition that has them)", () => {
    const lacking = properties(schema)
      .filter(([, sub]) => !(Object.keys(sub).length === 1 && "$ref" in sub))
      .flatMap(([pointer, sub]) =>
        (["title", "description", "examples"] as const)
          .filter((k) => sub[k] === undefined)
          .map((k) => `${pointer}: no ${k}`),
      );
    expect(lacking).toEqual([]);
    const definitions = Object.entries(schema.definitions as Record<string, Node>).flatMap(([name, d]) =>
      (["title", "description", "examples"] as const)
        .filter((k) => d[k] === undefined)
        .map((k) => `definitions/${name}: no ${k}`),
    );
    expect(definitions).toEqual([]);
  });

  it("has examples that are valid where they stand", () => {
    const ajv = new Ajv({
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      discriminator: true,
      allErrors: true,
    });
    ajv.addKeyword({ keyword: "errorHint", schemaType: "string" });
    ajv.addSchema(schema);
    const id = schema.$id as string;
    const invalid: string[] = [];
    const all = withExamples(schema);
    expect(all.length).toBeGreaterThan(100);
    for (const [pointer, examples] of all) {
      const validate = ajv.compile({ $ref: `${id}#${pointer}` });
      examples.forEach((example, i) => {
        if (!validate(example)) invalid.push(`${pointer} example ${i}: ${ajv.errorsText(validate.errors)}`);
      });
    }
    expect(invalid).toEqual([]);
  });
});
