// A secret inside an object a request body carries (a directory API's user `passwordProfile: {password, …}`, found in
// the public directory, link audit 1288; a secret store's `payload: {data}`, link audit 1290): the object is one JSON
// parameter, and only a refusal of the field withheld its value. An upstream's error echoing it returned it whole.
// The call keeps such a field's value out of everything it returns now, as a secret parameter's; it is sent as given.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { runWorkflowWith } from "@blockwright/runtime/workflow";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, description?: string) => ({
  type: "object",
  properties,
  ...(description ? { description } : {}),
});
const doc = openapi({
  "/zqusers": {
    post: {
      operationId: "zqCreateUser",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: object({
              zqName: { type: "string" },
              passwordProfile: object(
                { password: { type: "string" }, zqForceChange: { type: "boolean" } },
                "Specifies the password profile for the user. The profile contains the user's password.",
              ),
              zqGroups: {
                type: "array",
                items: object({ zqGroup: { type: "string" }, zq_api_key: { type: "string" } }),
              },
            }),
          },
        },
      },
      responses: { "201": reply(object({ id: { type: "string" } }), { id: "zq1" }) },
    },
  },
});

describe("a secret field inside a JSON parameter's object", () => {
  const d = drafted(doc, ["zqCreateUser"]);
  const password = "zq-Pa55word-0042";

  it("is sent as given and kept out of an upstream's error that echoes it; other fields are shown", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqCreateUser") as ToolSpec;
    const failing = scriptedFetch(
      json(400, { message: `password ${password} too weak for zq-ann, zq-group-key-0099` }),
    );
    const input = {
      accessToken: "zq-bearer-0001",
      zqName: "zq-ann",
      passwordProfile: { password, zqForceChange: true },
      zqGroups: [{ zqGroup: "zq-admins", zq_api_key: "zq-group-key-0099" }],
    };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(JSON.parse(String(failing.seen[0]?.body)).passwordProfile.password).toBe(password);
    expect(run.success).toBe(false);
    expect(JSON.stringify(run)).not.toContain(password);
    // A list's items too: a key field of each.
    expect(JSON.stringify(run)).not.toContain("zq-group-key-0099");
    expect(JSON.stringify(run)).toContain("zq-ann");
  });

  it("is kept out when the object is given as JSON text", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqCreateUser") as ToolSpec;
    const failing = scriptedFetch(json(400, { message: `password ${password} is too weak` }));
    const input = { accessToken: "zq-bearer-0001", passwordProfile: JSON.stringify({ password }) };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(failing.seen).toHaveLength(1);
    expect(JSON.stringify(run)).not.toContain(password);
  });

  for (const [form, profile] of [
    ["an object", { password: "{{ZQ_PASSWORD}}" }],
    ["JSON text", '{"password":"{{ZQ_PASSWORD}}"}'],
  ] as const)
    it(`stays out of a workflow's results when another block echoes it (a reference in ${form})`, async () => {
      const tool = (await linkedTools(d)).find((t) => t.operationId === "zqCreateUser") as ToolSpec;
      // The second block's call does not carry the password: only the run knows it is a secret.
      const upstream = scriptedFetch(json(201, { id: "zq1" }), json(201, { id: `echo ${password}` }));
      const block = (name: string, inputs: Record<string, unknown>) => ({
        type: "acme",
        name,
        inputs: { operation: tool.id, accessToken: "{{ZQ_TOKEN}}", ...inputs },
      });
      const blocks = {
        first: {
          ...block("first", { zqName: "zq-ann", passwordProfile: profile }),
          connections: { outgoing: [{ target: "second" }] },
        },
        second: block("second", { zqName: "zq-bob" }),
      };
      const result = await runWorkflowWith(
        { tools: { [tool.id]: tool }, blocks: {} },
        { file: "<test>", workflow: { blocks }, placeholders: [] },
        {
          env: { ZQ_TOKEN: "zq-bearer-0001", ZQ_PASSWORD: password },
          baseUrls: { acme: "http://127.0.0.1:9" },
          fetch: upstream.fetch,
          concurrency: 1,
        },
      );
      expect(upstream.seen).toHaveLength(2);
      expect(JSON.parse(String(upstream.seen[0]?.body)).passwordProfile.password).toBe(password);
      expect(result.status).toBe("succeeded");
      expect(JSON.stringify(result)).toContain("echo [redacted]");
      expect(JSON.stringify(result)).not.toContain(password);
    });
});
