// Every operation takes two credentials together, a client's id in a header (`Zq_Client_Id`, an identifier, so not
// secret) and a bearer token, and the token request's body requires the id again (`zq_client_id`). add drafted the
// id sent there too (auth.alsoSends), which sends a way's first credential, so it made the id the way's first, left
// unmarked: generate refused the draft ("the credential parameter … must be marked secret: true", BW2012). It is
// marked secret now, with a note saying why, and the draft links and passes its suite on the mock.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { zqName: { type: "string" } } }, { zqName: "zq" });
const document = openapi(
  {
    "/zq/token": {
      post: {
        operationId: "zqToken",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["zq_client_id", "zq_scope"],
                properties: { zq_client_id: { type: "string" }, zq_scope: { type: "string" } },
              },
            },
          },
        },
        responses: { "200": ok },
      },
    },
    "/zq/projects": { get: { operationId: "zqProjects", responses: { "200": ok } } },
  },
  {
    securitySchemes: {
      ZqClientIdAuth: { type: "apiKey", in: "header", name: "Zq_Client_Id", description: "Zq_Client_Id header" },
      zqBearer: { type: "http", scheme: "bearer" },
    },
  },
  { security: [{ ZqClientIdAuth: [], zqBearer: [] }] },
);

describe("a client id every operation sends beside a token, required again in a body", () => {
  it("is drafted as the way's first, marked secret, sent there too: the draft links", async () => {
    const d = drafted(document, ["zqToken", "zqProjects"]);
    expect(d.manifest.auth).toMatchObject({
      scheme: "ZqClientIdAuth",
      alsoSends: [{ in: "body", name: "zq_client_id" }],
      also: [{ scheme: "zqBearer" }],
    });
    const id = d.manifest.params?.[d.manifest.auth.param];
    expect(id?.secret).toBe(true);
    const said = d.notes.filter((n) => n.at[0] === "params" && n.at[1] === d.manifest.auth.param).map((n) => n.note);
    expect(said.some((n) => n.startsWith("marked secret though its name says it is an identifier"))).toBe(true);
    expect(said.some((n) => n.includes("not marked secret"))).toBe(false);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("passes every case on the mock", async () => {
    const on = await draftedOnMock("zqclientid", document, ["zqToken", "zqProjects"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  });
});
