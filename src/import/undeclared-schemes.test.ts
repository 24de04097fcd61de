// A document that declares no security scheme, whose operations' requirements still name some (`bearer`, and a
// permission list as a second alternative: a generator that leaves the components out). add refused every operation
// ("bearer: not declared … no call of them could succeed"); it reads the document as one without security now, as
// it reads one declaring none: a bearer token drafted, and the requirements left out of the cut, said there.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, openapi, reply } from "./__fixtures__/draft-kit.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const ref = [{ name: "zqRef", in: "path", required: true, schema: { type: "string" } }];
const security = [{ zqbearer: [] }, { zq_permissions: ["project_read"] }];

describe("requirements naming schemes a document declares none of", () => {
  it("are left out of the cut, said in its header, and a bearer token is drafted that links", async () => {
    const document = openapi(
      {
        "/v1/zqprojects/{zqRef}": { get: { operationId: "zq-get-project", parameters: ref, security, responses: ok } },
      },
      { securitySchemes: {} },
      { security: [] },
    );
    const d = drafted(document, ["zq-get-project"]);
    expect(d.openapiText).toContain(
      "# Changed by blockwright add: the security requirements left out: they name zqbearer, zq_permissions, and the " +
        "document declares no security scheme",
    );
    expect(d.openapiText).not.toContain("zq_permissions:");
    expect(d.manifest.auth).toMatchObject({ scheme: "bearerAuth" });
    expect(d.openapiText).toContain("bearerAuth:\n      type: http\n      scheme: bearer");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("are read as the document's own where it declares a scheme (an undeclared one stays refused)", () => {
    const document = openapi(
      { "/v1/zqprojects/{zqRef}": { get: { operationId: "zq-get", parameters: ref, security, responses: ok } } },
      { securitySchemes: { zqkey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
    );
    expect(() => drafted(document, ["zq-get"])).toThrow(/zqbearer: not declared/);
  });
});
