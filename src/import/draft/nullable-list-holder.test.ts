// A record whose only list sits in an object that may be null (`{data: {input, output, error: {message,
// previous_errors: […]} | null}}`: a generation's content and its failure, null when it succeeded): add read the list
// as the reply's, its outputs required, and every call answered with `error: null` failed ("answered 200 without
// …/previous_errors"). An object that may be null holds no page: the reply is drafted as the record it is.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const failure = {
  type: ["object", "null"],
  required: ["message", "previous_errors"],
  properties: {
    message: { type: ["string", "null"] },
    previous_errors: { type: "array", items: { type: "object", properties: { code: { type: "number" } } } },
  },
};
const content = {
  type: "object",
  required: ["data"],
  properties: {
    data: {
      type: "object",
      required: ["input", "output", "error"],
      properties: {
        input: { type: "object", properties: { prompt: { type: "string" } } },
        output: { type: "object", properties: { completion: { type: ["string", "null"] } } },
        error: failure,
      },
    },
  },
};
const record = { data: { input: { prompt: "zq?" }, output: { completion: "zq!" }, error: null } };
const document = openapi(
  {
    "/zqgenerations/content": {
      get: {
        operationId: "getZqgenerationContent",
        parameters: [{ name: "id", in: "query", required: true, schema: { type: "string" } }],
        responses: { "200": reply(content, record) },
      },
    },
  },
  {},
  { openapi: "3.1.0" },
);

describe("a record whose only list is in an object that may be null", () => {
  const d = drafted(document, ["getZqgenerationContent"]);
  const operation = Object.values(d.manifest.operations)[0];

  it("is drafted as the record, not as a list read from that object", () => {
    expect(operation?.outputs?.data?.from).toBe("$response.body#/data");
    expect(JSON.stringify(operation?.outputs)).not.toContain("previous_errors");
    expect(d.manifestText).not.toContain("keeps its list in");
  });

  it("links, and a call answered with the object null succeeds with the record", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch } = scriptedFetch(json(200, record));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", id: "zq-1" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true, output: { data: record.data } });
  });
});
