// A review note about many operations names their count and the first few: a published document whose 397 operations
// all take one requirement of basic and bearer together had its note list all 397 on one line of add's output.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply, type Json } from "./__fixtures__/draft-kit.js";
import { namedFew } from "./named-few.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

/** `count` operations `zqGet0`…, each with this security. */
function manyOperations(count: number, security: Json[]): Json {
  const paths: Json = {};
  for (let i = 0; i < count; i++)
    paths[`/zq${i}`] = { get: { operationId: `zqGet${i}`, security, responses: { "200": reply({ type: "object" }) } } };
  const schemes = { zqBasic: { type: "http", scheme: "basic" }, zqBearer: { type: "http", scheme: "bearer" } };
  const doc = openapi(paths, { securitySchemes: schemes }, { security: null });
  delete doc.security;
  return doc;
}

const ids = (count: number) => Array.from({ length: count }, (_, i) => `zqGet${i}`);

describe("a note about many operations", () => {
  it("names the count and the first five, the rest counted", () => {
    expect(namedFew(["a", "b"])).toBe("a, b");
    expect(namedFew(ids(5))).toBe("zqGet0, zqGet1, zqGet2, zqGet3, zqGet4");
    expect(namedFew(ids(397))).toBe("397 operations (zqGet0, zqGet1, zqGet2, zqGet3, zqGet4 and 392 more)");
  });

  it("a requirement of two credentials in one place, on twelve operations: counted, five named", () => {
    const d = drafted(manyOperations(12, [{ zqBasic: [], zqBearer: [] }]), ids(12));
    const note = notesAt(d, "auth").find((n) => n.includes("two credentials in one place")) ?? "";
    expect(note).toMatch(
      /^12 operations \(zqGet0 \(zqBasic \+ zqBearer\), zqGet1 .*zqGet4 \(zqBasic \+ zqBearer\) and 7 more\)/,
    );
    expect(note).not.toContain("zqGet5");
  });

  it("optional on twelve operations: counted, five named; on two, both named", () => {
    const many = notesAt(drafted(manyOperations(12, [{}, { zqBearer: [] }]), ids(12)), "auth");
    expect(many.find((n) => n.includes("without a credential"))).toMatch(
      /^12 operations \(zqGet0, zqGet1, zqGet2, zqGet3, zqGet4 and 7 more\) may also be called without a credential/,
    );
    const two = notesAt(drafted(manyOperations(2, [{}, { zqBearer: [] }]), ids(2)), "auth");
    expect(two.find((n) => n.includes("without a credential"))).toMatch(/^zqGet0, zqGet1 may also be called/);
  });
});
