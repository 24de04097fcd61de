// The unions of kinds guarded-kinds.ts guards are made by a discriminator only (a discriminated union read as its
// kinds, kinds-read.ts; a discriminated base's field, base-kinds.ts): the judge and verify walk their lookup for them
// only where those readings read one. A document with no discriminator was walked whole for none (0.07–0.15 s on a
// 5.6 MB document). Counted by the calls of withKindsGuarded; the verdicts on both documents are those said before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { stringify } from "yaml";
import { manyKinds, ref } from "./__fixtures__/many-kinds.js";

const walks = vi.hoisted(() => ({ guarded: 0 }));
vi.mock("./guarded-kinds.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./guarded-kinds.js")>();
  return {
    ...original,
    withKindsGuarded: (...args: Parameters<typeof original.withKindsGuarded>) => {
      walks.guarded++;
      return original.withKindsGuarded(...args);
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a load another file made holds the real functions.
vi.resetModules();
const { OpenApiDocument } = await import("../openapi-document.js");
const { parseYamlSource } = await import("../yaml-source.js");
const { judgedSchemas, schemaChecker } = await import("../../judge/schema-check.js");
const { checkerOf } = await import("../../verify/document-schemas.js");
const { schemaDrift } = await import("../../verify/body-check.js");

const event = (discriminated: boolean) => ({
  type: "object",
  required: ["zqType"],
  ...(discriminated ? { discriminator: { propertyName: "zqType" } } : {}),
  properties: { zqType: { type: "string" } },
});
const documentOf = (discriminated: boolean) =>
  new OpenApiDocument(
    parseYamlSource(
      stringify({
        openapi: "3.0.3",
        info: { title: "zqsign", version: "1" },
        paths: {},
        components: {
          schemas: {
            ZqEvent: event(discriminated),
            ZqList: { type: "array", items: ref("ZqEvent") },
            ...manyKinds(3, { type: "string" }, true),
          },
        },
      }),
      "zqsign/openapi.yaml",
    ),
  );

afterEach(() => {
  walks.guarded = 0;
});

describe("the lookup walked for unions of kinds only where a discriminator was read", () => {
  it("walks none for a document with no discriminator, and one with", () => {
    const at = ["components", "schemas", "ZqList"];
    const plain = documentOf(false);
    judgedSchemas(plain);
    const checker = checkerOf(plain);
    expect(walks.guarded).toBe(0);
    expect(schemaChecker(plain).check([{ zqType: 1 }], at)?.path).toEqual(["0", "zqType"]);
    expect(schemaDrift(checker, "zq", checker.schemaAt(at) as object, [{ zqType: 1 }]).map((d) => d.kind)).toEqual([
      "type-mismatch",
    ]);
    const discriminated = documentOf(true);
    judgedSchemas(discriminated);
    checkerOf(discriminated);
    expect(walks.guarded).toBe(2);
  });
});
