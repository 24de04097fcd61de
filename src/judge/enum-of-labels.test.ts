// A body field of type integer whose enum lists only labels (`type: integer, enum: ["1 (Plan)", "2 (User)"]`, each
// value's number and name, as some generators write them): no value meets both, and the type is what the wire carries.
// The mocks serve and take the type (prism-schemas.ts); the judge refused every integer as none of the labels, and the
// link asked the draft, which states no enum there, for one ("enum (none) is looser", add refused its own draft). Both
// read the type now; the draft links.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const scope = { type: "integer", format: "int32", enum: ["1 (ZqPlan)", "2 (ZqUser)"] };
const document = openapi({
  "/zqsecrets": {
    post: {
      operationId: "zqPutSecret",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqScope"],
              properties: { zqScope: scope, zqName: { type: "string" } },
            },
          },
        },
      },
      responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("a body field whose integer enum lists only labels", () => {
  it("is drafted as an integer with no enum, and links", async () => {
    const d = drafted(document, ["zqPutSecret"]);
    const param = d.manifest.operations.acme_zq_put_secret!.params!.zqScope;
    expect(param).toMatchObject({ type: "number", integer: true });
    expect(param?.enum).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is kept by the request judge as an integer, and refused as a label", () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(JSON.stringify(document), "zq.yaml")), {
      basePath: "",
      credential: "present",
    });
    const sent = (body: unknown) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqsecrets",
        headers: new Headers({ "content-type": "application/json", authorization: "Bearer zq-token-1" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals;
    expect(sent({ zqScope: 1, zqName: "a" })).toEqual([]);
    expect(sent({ zqScope: "1 (ZqPlan)" })).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/zqScope/) }),
    ]);
  });
});
