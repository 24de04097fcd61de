// A JSON parameter's value limits are walked from the document's schema (schema-place.ts nestedOf), up to
// NESTED_PLACES places. Each operation's body writes its own `{$ref}` object for the same component, and the walk was
// made again for each: on a whole published API of update actions, the same 209 schemas walked 1,361 times. Now made
// once a document and schema (a `$ref` alone by its text), the same record given to every place.
import { describe, expect, it, vi } from "vitest";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { schemaPlace } from "./schema-place.js";

/** A document whose zqAction has 12 fields, each an object of 3 more. */
function documentOf(name: string): OpenApiDocument {
  const fields = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `zqField${i}`,
      { type: "object", properties: { zqA: { type: "string", maxLength: 9 }, zqB: { type: "integer" }, zqC: {} } },
    ]),
  );
  const text = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths: {},
    components: {
      schemas: {
        zqAction: { type: "object", required: ["zqField0"], properties: fields },
        zqOther: { type: "object", properties: { zqOnly: { type: "string", minLength: 2 } } },
      },
    },
  });
  return new OpenApiDocument(parseYamlSource(text, name));
}

/** A list parameter's schema whose items are `ref`, a new object each time, as each operation's body writes it. */
const listOf = (ref: string) => ({ type: "array", items: { $ref: ref } });

describe("a JSON value's limits walked from its top", () => {
  it("walks a schema once a document however many places name it", () => {
    const doc = documentOf("zq-walk-once.json");
    const flatten = vi.spyOn(doc, "flatten");
    const first = schemaPlace(doc, listOf("#/components/schemas/zqAction")).held("array").nested;
    const once = flatten.mock.calls.length;
    expect(once).toBeGreaterThan(24); // the walk: each field and what it holds
    const again = Array.from(
      { length: 40 },
      () => schemaPlace(doc, listOf("#/components/schemas/zqAction")).held("array").nested,
    );
    // Each later place flattens its own schema and its items' member: no walk (before: the walk 40 times again).
    expect(flatten.mock.calls.length - once).toBeLessThanOrEqual(40 * 2);
    for (const nested of again) expect(nested).toBe(first);
    expect(first?.type).toBe("object");
    expect(first?.fields?.zqField3?.fields?.zqA).toEqual({ type: "string", maxLength: 9 });
    expect(first?.required).toEqual(["zqField0"]);
  });

  it("walks another schema, and the same one in another document, anew", () => {
    const doc = documentOf("zq-walk-a.json");
    const action = schemaPlace(doc, listOf("#/components/schemas/zqAction")).held("array").nested;
    const other = schemaPlace(doc, listOf("#/components/schemas/zqOther")).held("array").nested;
    expect(other).toEqual({ type: "object", fields: { zqOnly: { type: "string", minLength: 2 } } });
    const elsewhere = documentOf("zq-walk-b.json");
    const flatten = vi.spyOn(elsewhere, "flatten");
    const same = schemaPlace(elsewhere, listOf("#/components/schemas/zqAction")).held("array").nested;
    expect(flatten.mock.calls.length).toBeGreaterThan(24);
    expect(same).not.toBe(action);
    expect(same).toEqual(action);
  });
});
