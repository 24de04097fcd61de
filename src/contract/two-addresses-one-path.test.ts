// Two operations of one method and path, each at the address its path's first segment names
// (`/{zqFirstEndpoint}/zqorders/{zqid}/zqvoid`, `/{zqOtherEndpoint}/zqorders/{zqOrder}/zqvoid`): `add` kept both to
// the letter (one document cannot hold two operations of one method and path), so neither call reached its address.
// Each is drafted at its own address now, its key told apart by a fragment naming it (cut/path-address-server.ts), and
// the two stay apart everywhere: two tools, each sent to its own connection's address; the mock answers each call as
// its own operation (the suite names it to the mock's judge, out of band), where the request alone meets both; and so
// does a workflow's block on mocks (`run --mock`, `serve`'s mock runs), which named none and was answered as the first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime";
import { runWorkflowWith } from "@blockwright/runtime/workflow";
import { drafted, linkedTools, linkProblems, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { startMocks } from "../mocks/mocks.js";
import { callTool } from "./call.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-two-addresses-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pathParam = (name: string, example: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", example },
});
const answered = (zqby: string) => ({
  "200": reply(
    { type: "object", required: ["zqby"], properties: { zqby: { type: "string", enum: [zqby] } } },
    { zqby },
  ),
});
const body = (schema: Record<string, unknown>) => ({ content: { "application/json": { schema } } });
const document = openapi({
  "/{zqFirstEndpoint}/zqorders/{zqid}/zqvoid": {
    post: {
      operationId: "zqVoidFirst",
      parameters: [pathParam("zqFirstEndpoint", "https://zqa.zqshop.test"), pathParam("zqid", "zq-1")],
      // Open, requiring nothing: a body the other operation's call sends meets it too.
      requestBody: body({ type: "object", properties: { zqnote: { type: "string" } } }),
      responses: answered("first"),
    },
  },
  "/{zqOtherEndpoint}/zqorders/{zqOrder}/zqvoid": {
    post: {
      operationId: "zqVoidOther",
      parameters: [pathParam("zqOtherEndpoint", "https://zqb.zqshop.test"), pathParam("zqOrder", "zq-2")],
      requestBody: {
        required: true,
        ...body({ type: "object", required: ["zqreason"], properties: { zqreason: { type: "string" } } }),
      },
      responses: answered("other"),
    },
  },
});

describe("two operations of one method and path at two addresses named in their paths", () => {
  const d = drafted(document, ["zqVoidFirst", "zqVoidOther"], "zqshop");
  const tool = async (operationId: string) =>
    (await linkedTools(d, "zqshop")).find((t) => t.operationId === operationId) as ToolSpec;

  it("are each served at their own address, their keys told apart by a fragment naming it", async () => {
    const paths = (parse(d.openapiText) as { paths: Record<string, { post?: { servers?: unknown } }> }).paths;
    expect(Object.keys(paths)).toEqual([
      "/zqorders/{zqid}/zqvoid#zqFirstEndpoint",
      "/zqorders/{zqOrder}/zqvoid#zqOtherEndpoint",
    ]);
    expect(paths["/zqorders/{zqid}/zqvoid#zqFirstEndpoint"]?.post?.servers).toEqual([
      { url: "https://{zqFirstEndpoint}", variables: { zqFirstEndpoint: { default: "zqa.zqshop.test" } } },
    ]);
    expect(await linkProblems(d, "zqshop")).toEqual([]);
    const first = await tool("zqVoidFirst");
    const other = await tool("zqVoidOther");
    expect(first.id).not.toBe(other.id);
    expect([first.server.param, other.server.param]).toEqual(["zqFirstEndpoint", "zqOtherEndpoint"]);
  });

  it("send each call to its own connection's address, the other's not asked", async () => {
    const sentTo = async (t: ToolSpec, params: Record<string, unknown>) => {
      const { fetch, seen } = scriptedFetch(json(200, { zqby: "first" }));
      const result = await executeToolDefinition(t, { accessToken: "zq-token-0000000001", ...params }, { fetch });
      return result.success ? (seen[0] as { url: string }).url : result.error.message;
    };
    expect(await sentTo(await tool("zqVoidFirst"), { zqFirstEndpoint: "http://127.0.0.1:9", zqid: "zq-1" })).toBe(
      "http://127.0.0.1:9/zqorders/zq-1/zqvoid",
    );
    expect(
      await sentTo(await tool("zqVoidOther"), {
        zqOtherEndpoint: "http://127.0.0.1:8",
        zqOrder: "zq-2",
        zqreason: "r",
      }),
    ).toBe("http://127.0.0.1:8/zqorders/zq-2/zqvoid");
  });

  const mocked = async () => {
    const dir = join(work, "specs", "zqshop");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    return startMocks(["zqshop"], { specsDir: join(work, "specs"), logLevel: "silent" });
  };

  it("are answered by the mock each as its own operation", async () => {
    const mocks = await mocked();
    try {
      const ctx = { mockUrl: () => mocks.urls.zqshop as string, seed: 1, runs: 1 };
      const token = { accessToken: "zq-token-0000000001" };
      const first = await callTool(await tool("zqVoidFirst"), { ...token, zqid: "zq-1" }, ctx, { retries: 0 });
      const other = await callTool(await tool("zqVoidOther"), { ...token, zqOrder: "zq-2", zqreason: "r" }, ctx, {
        retries: 0,
      });
      expect([first.exchanges[0]?.status, JSON.parse(first.exchanges[0]?.responseBody ?? "null")]).toEqual([
        200,
        { zqby: "first" },
      ]);
      expect([other.exchanges[0]?.status, JSON.parse(other.exchanges[0]?.responseBody ?? "null")]).toEqual([
        200,
        { zqby: "other" },
      ]);
    } finally {
      await mocks.close();
    }
  });

  it("are answered by the mock each as its own operation in a workflow run on mocks", async () => {
    const mocks = await mocked();
    try {
      const url = mocks.urls.zqshop as string;
      const tools = { first: await tool("zqVoidFirst"), other: await tool("zqVoidOther") };
      const answers: Record<string, unknown> = {};
      const inputs = {
        first: { zqFirstEndpoint: url, zqid: "zq-1" },
        other: { zqOtherEndpoint: url, zqOrder: "zq-2", zqreason: "r" },
      };
      for (const [id, t] of Object.entries(tools)) {
        const block = {
          type: "zqshop",
          name: id,
          inputs: { operation: t.id, accessToken: "zq-token-0000000001", ...inputs[id as keyof typeof inputs] },
        };
        const run = await runWorkflowWith(
          { tools: { [t.id]: t }, blocks: {} },
          { file: "zqvoid.yaml", workflow: { blocks: { [id]: block } }, placeholders: [] },
          {
            env: {},
            baseUrls: { zqshop: url },
            mockAnswers: true,
            fetch: async (request) => {
              const answer = await fetch(request);
              answers[id] = await answer.clone().json();
              return answer;
            },
          },
        );
        expect(run.blocks.map((b) => [b.id, b.status, b.error])).toEqual([[id, "succeeded", undefined]]);
      }
      expect(answers).toEqual({ first: { zqby: "first" }, other: { zqby: "other" } });
    } finally {
      await mocks.close();
    }
  });
});
