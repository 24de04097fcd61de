// A JSON parameter's fields as the model is shown them: a field the document names `__proto__` (a document is input
// from outside) stays a field of the schema, as the runtime's own check keeps it, never the schema object's prototype.
import { describe, expect, it } from "vitest";
import { nestedSchema } from "./nested-schema.js";

describe("nestedSchema", () => {
  it("keeps a field named __proto__ as a field, beside the others", () => {
    const fields = JSON.parse('{"__proto__": {"type": "string"}, "zqName": {"type": "number"}}');
    const schema = nestedSchema({ type: "object", fields, required: ["zqName"] });
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(Object.keys(schema.properties ?? {})).toEqual(["__proto__", "zqName"]);
    expect(JSON.parse(JSON.stringify(schema))).toEqual(
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"zqName":{"type":"number"}},' +
          '"required":["zqName"]}',
      ),
    );
  });
});
