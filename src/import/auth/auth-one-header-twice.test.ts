// A security requirement whose schemes put two credentials in Authorization (HTTP basic and a key there): no request
// carries the header twice, so the requirement cannot be met as written. The draft named one parameter for both, with
// the key's prefix before basic's, and generate refused it (basic names no user parameter): `add` exited 1. Now the
// load, the draft, the request judge and the mock all read it as one requirement per such scheme, the rest beside it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { documentOperations } from "../../judge/operations.js";
import { requirementApart } from "../../load/security-schemes.js";
import { withRequirementsApart } from "../../mocks/mock-auth.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const schemes = {
  zqBasic: { type: "http", scheme: "basic" },
  zqToken: { type: "apiKey", in: "header", name: "authorization" },
  zqBearer: { type: "http", scheme: "bearer" },
  zqFlow: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://zq.test/token", scopes: {} } } },
  zqTenant: { type: "apiKey", in: "header", name: "X-Zq-Tenant" },
  zqQuery: { type: "apiKey", in: "query", name: "zq_key" },
  zqAgain: { type: "apiKey", in: "query", name: "zq_key" },
};

const document = (): Json =>
  openapi(
    {
      "/zqkeys": {
        put: {
          operationId: "rotateZqKey",
          security: [{ zqBasic: [], zqToken: [], zqTenant: [] }],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "k1" }) },
        },
      },
    },
    { securitySchemes: schemes },
    { security: null },
  );

describe("a requirement of two credentials in Authorization", () => {
  it("is one requirement per scheme there, the rest beside each; schemes of one form at one place together", () => {
    expect(requirementApart(["zqBasic", "zqToken", "zqTenant"], schemes)).toEqual([
      ["zqBasic", "zqTenant"],
      ["zqToken", "zqTenant"],
    ]);
    expect(requirementApart(["zqBearer", "zqFlow"], schemes)).toEqual([["zqBearer", "zqFlow"]]);
    const sameForm = ["zqQuery", "zqAgain", "zqTenant"];
    expect(requirementApart(sameForm, schemes)).toEqual([sameForm]);
    expect(requirementApart(["zqBasic", "zqBearer"], schemes)).toEqual([["zqBasic"], ["zqBearer"]]);
  });

  it("is drafted as either way, with a note, and the draft links", async () => {
    const d = drafted(document(), ["rotateZqKey"]);
    expect(await linkProblems(d)).toEqual([]);
    const auth = d.manifest.auth as Json;
    const ways = [auth, ...((auth.alternatives as Json[] | undefined) ?? [])].map((w) =>
      [w.scheme, ...((w.also as Json[] | undefined) ?? []).map((a) => a.scheme)].sort().join(" + "),
    );
    expect(
      ways.every((w) => w === "zqBasic + zqTenant" || w === "zqTenant + zqToken"),
      ways.join(", "),
    ).toBe(true);
    expect(d.notes.map((n) => n.note).join("\n")).toContain("put two credentials in one place");
  });

  it("is read so by the request judge and served so by the mock", () => {
    const [judged] = documentOperations(document());
    expect(judged?.security).toEqual([
      ["zqBasic", "zqTenant"],
      ["zqToken", "zqTenant"],
    ]);
    const served = withRequirementsApart(document());
    expect(served.paths["/zqkeys"].put.security).toEqual([
      { zqBasic: [], zqTenant: [] },
      { zqToken: [], zqTenant: [] },
    ]);
  });
});
