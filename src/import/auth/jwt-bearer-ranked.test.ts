// A document offering a key in a header and a bearer token it says is a JWT (`bearerFormat: JWT`), either taking any
// operation: the draft asked a new user for the bearer token (a bearer before a key header), the key only an
// alternative to add by hand. A JWT is a token an issuer signs (a login's session, a customer's own backend signing
// for an embedded frontend), short-lived; the key is what the API's dashboard gives a new user, and the document lists
// it first. A bearer marked JWT now ranks after a key header, before a query key; a bearer of no stated format is
// still first, and an operation only the bearer meets still drafts it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, sentHeaders } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) };
const paths = {
  "/zqprojects": { get: { operationId: "listZqProjects", responses: ok } },
  "/zqme": { get: { operationId: "getZqMe", security: [{ ZqBearer: [] }], responses: ok } },
};
const document = (bearer: Record<string, unknown>) =>
  openapi(
    paths,
    {
      securitySchemes: {
        ZqKeyHeader: { type: "apiKey", in: "header", name: "X-Zq-Api-Key" },
        ZqBearer: { type: "http", scheme: "bearer", ...bearer },
      },
    },
    { security: [{ ZqKeyHeader: [] }, { ZqBearer: [] }] },
  );

describe("a key header beside a bearer token", () => {
  it("is drafted first where the bearer is a JWT, sent as the document names it", async () => {
    const d = drafted(document({ bearerFormat: "JWT" }), ["listZqProjects"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "ZqKeyHeader" });
    expect(await linkProblems(d)).toEqual([]);
    const headers = await sentHeaders(d);
    expect([headers.get("x-zq-api-key"), headers.get("authorization")]).toEqual(["zq-key-0000000001", null]);
  });

  it("comes after a bearer of no stated format, and after the JWT where only it meets an operation", () => {
    expect(drafted(document({}), ["listZqProjects"]).manifest.auth).toMatchObject({ scheme: "ZqBearer" });
    expect(drafted(document({ bearerFormat: "JWT" }), ["getZqMe"]).manifest.auth).toMatchObject({
      scheme: "ZqBearer",
    });
  });
});
