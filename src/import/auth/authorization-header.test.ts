// A document with no security scheme whose operations declare the `Authorization` header as a required parameter of
// their own, and one of whose bodies holds a token inside an object beside other fields (`zqLink: {accessToken,
// zqPatient}`): add drafted the bearer token, then, finding the body's token, drafted again with the body's places
// alone (no Authorization header: every real call went without its token), and that draft did not link (BW1105, no
// place). Now the declared header keeps the bearer token, sent at the body's place too, required by the operations
// that declare it; the draft links (the object's other required fields are the parameter's, BW2010 before); the
// parameter's schema leaves the credential's field out; and every derived case passes on the mock, the field's own
// format (a UUID) met by the credential the suite gives, not its stand-in (no value of the object passed before).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";
import { rmSync } from "node:fs";

const authorization = {
  name: "Authorization",
  in: "header",
  required: true,
  description: "Access token issued by the gateway's auth server",
  schema: { type: "string" },
};
const ok = { "202": { description: "Accepted." } };
const { security: _none, ...published } = openapi({
  "/zqlinks": {
    post: {
      operationId: "zqAddLinks",
      parameters: [authorization],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqLink", "zqRequestId"],
              properties: {
                zqRequestId: { type: "string", maxLength: 40 },
                zqLink: {
                  type: "object",
                  required: ["accessToken", "zqPatient"],
                  properties: {
                    accessToken: {
                      type: "string",
                      format: "uuid",
                      description: "Access token fetched in the user auth process",
                    },
                    zqPatient: { type: "string", maxLength: 40 },
                  },
                },
              },
            },
          },
        },
      },
      responses: ok,
    },
  },
  "/zqbeat": {
    get: {
      operationId: "zqBeat",
      responses: { "200": reply({ type: "object", properties: { zqUp: { type: "boolean" } } }, { zqUp: true }) },
    },
  },
});
const document = { ...published, components: {} };
const operations = ["zqAddLinks", "zqBeat"];

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqgateway", document, operations);
});
afterAll(async () => {
  await on?.close();
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

describe("an Authorization header the operations declare, where no scheme is", () => {
  it("keeps the bearer token, sent at the body's token too, required where declared, and links", async () => {
    const d = drafted(document, operations, "zqgateway");
    const { auth, operations: ops } = d.manifest;
    expect(auth.scheme).toBeDefined();
    expect(auth.alsoSends).toEqual([{ in: "body", path: ["zqLink", "accessToken"] }]);
    expect(notesAt(d, "auth").join("\n")).toContain("1 of 2 operations take an Authorization header");
    const cut = parse(d.openapiText) as {
      security: unknown;
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(cut.security).toEqual([{}, { [auth.scheme as string]: [] }]);
    expect(cut.paths["/zqlinks"]?.post?.security).toEqual([{ [auth.scheme as string]: [] }]);
    expect(cut.paths["/zqbeat"]?.get?.security).toBeUndefined();
    expect(Object.keys(ops.zqgateway_zq_add_links?.params ?? {}).sort()).toEqual(["zqLink", "zqRequestId"]);
    expect(await linkProblems(d, "zqgateway")).toEqual([]);
  });

  it("types the object without the credential's field, and every derived case passes on the mock", async () => {
    const tool = (on as DraftedOnMock).subject.tools.find((t) => t.operationId === "zqAddLinks")!;
    expect(tool.authOptional).toBeFalsy();
    const link = tool.params.find((p) => p.name === "zqLink")!;
    expect(JSON.stringify(link)).not.toContain("accessToken");
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
