// An object query parameter whose `required` names a field its `properties` leave out (a search API's document at one
// version: `required: [q, …, zqrequired]`, the last described nowhere): the draft left that field out, so `add`'s own
// check and generate refused the operation ("no parameter supplies it"), and the judge, given the pair, did not read it
// as the object's. It is drafted as a text field of any value, with a note; the link and the judge take it as a field.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge, type SentRequest } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const searchParameters = {
  name: "searchParameters",
  in: "query",
  required: true,
  schema: {
    type: "object",
    required: ["q", "zqrequired"],
    properties: {
      q: { type: "string", maxLength: 200, description: "The words searched for." },
      query_by: { type: "string", maxLength: 200, description: "The fields searched." },
    },
  },
};

describe("an object query parameter requiring a field it does not describe", () => {
  const undescribed = openapi({
    "/zqsearch": {
      get: {
        operationId: "searchZqUndescribed",
        parameters: [searchParameters],
        responses: { "200": reply({ type: "object", properties: { found: { type: "integer" } } }) },
      },
    },
  });

  it("is drafted with that field as required text, with a note, and links", async () => {
    const d = drafted(undescribed, ["searchZqUndescribed"]);
    expect(d.manifest.operations.acme_search_zq_undescribed!.params!.zqrequired).toMatchObject({
      type: "string",
      required: true,
      wire: { in: "query", name: "searchParameters", field: "zqrequired" },
    });
    expect(notesAt(d, "operations.acme_search_zq_undescribed")).toContainEqual(
      "query parameter searchParameters requires field zqrequired, which its properties do not describe (any " +
        "value): drafted as text, required of every call; check whether the service needs it",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends it as a pair of the object, which the judge reads as the object's field", async () => {
    const d = drafted(undescribed, ["searchZqUndescribed"]);
    const [tool] = await linkedTools(d);
    let sent: SentRequest | undefined;
    const fetchFn = async (request: Request) => {
      sent = { method: request.method, url: request.url, headers: new Headers(request.headers) };
      return new Response(JSON.stringify({ found: 2 }), { headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", q: "dune", query_by: "title", zqrequired: "any text" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect([...new URL(sent!.url).searchParams]).toEqual([
      ["q", "dune"],
      ["query_by", "title"],
      ["zqrequired", "any text"],
    ]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    expect(judge(sent!).refusals).toEqual([]);
  });
});
