// An operation whose file comes under more than one 2xx: a configuration pushed as text answers 201 "pushed" or 202
// "accepted, reload requested" with the same text/plain; a ranged download answers 200 or 206. The download was tied
// to its first status, so the other was not a success: a 202 with its text failed as "not valid JSON". Every 2xx that
// answers a file is the file now; a 2xx with no body beside it still carries none. (Its bytes: a text answer of a plain
// string is one string output instead, text-answers.test.ts.)
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({
  description,
  content: { "text/plain": { schema: { type: "string", format: "binary" } } },
});
const zqDoc = openapi({
  "/zqconfig": {
    post: {
      operationId: "pushZqConfig",
      requestBody: { required: true, content: { "text/plain": { schema: { type: "string", maxLength: 1000 } } } },
      responses: { "201": text("Pushed"), "202": text("Accepted, reload requested"), "400": text("Bad request") },
    },
  },
});

describe("a file answered under two 2xx statuses", () => {
  it("is the download's under each: a 202's text is the content, as a 201's", async () => {
    const d = drafted(zqDoc, ["pushZqConfig"]);
    expect(d.manifest.operations.acme_push_zq_config?.download).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    // Both statuses declare a file's type alone: a JSON or an HTML answer there is refused (onlyFile).
    expect(tool?.download).toEqual({ status: 201, statuses: [202], mediaTypes: ["text/plain"], onlyFile: [201, 202] });
    for (const status of [201, 202]) {
      const fetchFn = async () => new Response("zq pushed", { status, headers: { "content-type": "text/plain" } });
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", body: "global" },
        { baseUrl: "https://api.acme.test", fetch: fetchFn },
      );
      expect(result, String(status)).toMatchObject({ success: true, output: { contentType: "text/plain", size: 9 } });
    }
  });
});

// A 204 that declares content (a shipping API's `text/plain` and `application/json` of an empty string, maxLength 0)
// was drafted `download: true`, a file no 204 carries: a status it answers with, and no file.
describe("a 204 declaring a body", () => {
  const empty = { schema: { type: "string", minLength: 0, maxLength: 0 } };
  const zqBatchDoc = openapi({
    "/zqbatches/{id}/add": {
      post: {
        operationId: "addToZqBatch",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: {
          "204": { description: "Added.", content: { "application/json": empty, "text/plain": empty } },
          "400": text("Bad request"),
        },
      },
    },
  });

  it("is no file: drafted as its status, and the call succeeds on a 204", async () => {
    const d = drafted(zqBatchDoc, ["addToZqBatch"]);
    const op = d.manifest.operations.acme_add_to_zq_batch;
    expect(op?.download).toBeUndefined();
    expect(Object.keys(op?.outputs ?? {})).toEqual(["metadata.status"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", id: "zq1" },
      { baseUrl: "https://api.acme.test", fetch: async () => new Response(null, { status: 204 }) },
    );
    expect(result).toMatchObject({ success: true, output: { metadata: { status: 204 } } });
  });
});
