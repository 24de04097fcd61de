// A security requirement naming a scheme the document declares only under a prefix (`zqBearer` where the components
// hold `v2_zqBearer`: a bundler that prefixes each version's components and leaves the requirements as they were).
// add refused every operation ("zqBearer: not declared … no call of them could succeed"), so nothing ran without a
// hand edit. With one declared scheme that is the name after a prefix ending in a separator, the cut writes the
// requirement as declared and says so, as for a name in another letter case; with several, add refuses, naming them.
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";
import { rmSync } from "node:fs";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const widget = reply({ type: "object", properties: { id: { type: "string" } } });
const paths = {
  "/zq-widgets": { get: { operationId: "listZqWidgets", security: [{ zqBearer: [] }], responses: { "200": widget } } },
};
const bearer = { type: "http", scheme: "bearer" };

describe("a security requirement that names a scheme declared under a prefix", () => {
  it("is written as the scheme is declared in the cut, said in its header and a note; the draft links", async () => {
    const d = drafted(openapi(paths, { securitySchemes: { v2_zqBearer: bearer } }), ["listZqWidgets"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "v2_zqBearer", param: "accessToken" });
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Changed by blockwright add: GET \/zq-widgets\.security \("zqBearer" written "v2_zqBearer", ` +
          String.raw`as the scheme is declared\)`,
        "m",
      ),
    );
    expect(d.openapiText).not.toMatch(/- zqBearer:/);
    expect(notesAt(d, "auth").join("\n")).toContain("name zqBearer where the scheme is declared as v2_zqBearer");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("with several declared under a prefix: refused, naming the requirement and every candidate", () => {
    const schemes = { v1_zqBearer: bearer, "v2-zqBearer": bearer };
    expect(() => drafted(openapi(paths, { securitySchemes: schemes }), ["listZqWidgets"])).toThrow(
      new RegExp(
        String.raw`security requirements name "zqBearer" \(declared: "v1_zqBearer", "v2-zqBearer"\): no scheme is ` +
          "declared under that name, and several under it in another letter case or after a prefix",
      ),
    );
  });

  it("a longer name without a separator before it is another scheme: still refused as not declared", () => {
    const document = openapi(paths, { securitySchemes: { myzqBearer: bearer } });
    expect(() => drafted(document, ["listZqWidgets"])).toThrow(/zqBearer: not declared/);
  });
});
