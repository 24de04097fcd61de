// A server stream published as one JSON object {result, error} titled "Stream result of …"
// (import/cut/stream-results.ts) through add, generate, test and call: drafted `stream: {item: /result, failure:
// /error}`, its items typed and read as each line's result, the contract suite green on the mock (which serves lines
// without a failure), and a line {"error": …} after the first items ending the call as the upstream's error, never
// as an item: `call` prints the items before it, then the error (its details kept) on a line of its own.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { startMocks } from "../mocks/mocks.js";
import { typeCheckMessages } from "../../test-support/type-check.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-stream-results-"));
let dir = "";

const document = {
  swagger: "2.0",
  info: { title: "Zq streams", version: "1.0" },
  host: "api.zq.example",
  schemes: ["https"],
  consumes: ["application/json"],
  produces: ["application/json"],
  paths: {
    "/v1/zqitems/read": {
      post: {
        operationId: "ZqService_ReadZqitems",
        parameters: [
          {
            name: "body",
            in: "body",
            required: true,
            schema: { type: "object", properties: { zqName: { type: "string", maxLength: 20 } } },
          },
        ],
        responses: {
          "200": {
            description: "A successful response.(streaming responses)",
            schema: {
              type: "object",
              properties: {
                result: { $ref: "#/definitions/zqReadZqitemsResponse" },
                error: { $ref: "#/definitions/zqStatus" },
              },
              title: "Stream result of zqReadZqitemsResponse",
            },
          },
          default: { description: "An unexpected error response.", schema: { $ref: "#/definitions/zqStatus" } },
        },
      },
    },
  },
  definitions: {
    zqReadZqitemsResponse: { type: "object", properties: { zqId: { type: "string" }, zqSize: { type: "integer" } } },
    zqStatus: {
      type: "object",
      properties: { code: { type: "integer", format: "int32" }, message: { type: "string" } },
    },
  },
  securityDefinitions: { ApiKeyAuth: { type: "apiKey", name: "Authorization", in: "header" } },
  security: [{ ApiKeyAuth: [] }],
};

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(new URL("../../runtime", import.meta.url).pathname, join(dir, "node_modules/@blockwright/runtime"));
  mkdirSync(join(dir, "specs"));
  writeFileSync(join(tmp, "zqstreams.json"), JSON.stringify(document));
  const added = await cli(["add", "zqstreams", "--from", join(tmp, "zqstreams.json"), "--operations", "all"], {
    cwd: dir,
  });
  expect(added.code, added.stderr).toBe(0);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a server stream of {result, error} lines, through add, generate, test and call", () => {
  it("is drafted with its item and failure, typed as the result, and the contract suite passes", async () => {
    const manifest = readFileSync(join(dir, "specs/zqstreams/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/\n {4}stream:\n {6}item: \/result\n {6}failure: \/error\n/);
    const types = readFileSync(join(dir, "generated/zqstreams/index.d.ts"), "utf8");
    expect(types).toContain('["content"]["application/x-ndjson"]["result"], undefined>>');
    // 10 random inputs a property, not the default 100: each line's whole value as its item, or its error ignored
    // (planted in the runtime), passed the suite at 10 and at 100 alike (this file's call tests find both).
    const r = await cli(["test", "zqstreams", "--runs", "10"], {
      cwd: dir,
      startMocks: (providers, options) => startMocks(providers, options),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/zqstreams +\d+ cases +\d+ passed +0 failed/);
  });

  it("types each item as the result it always holds, though the schema leaves result optional", () => {
    const consumer = join(dir, "consumer.mts");
    writeFileSync(
      consumer,
      [
        'import type { ZqstreamsZqServiceReadZqitemsOutput as Out } from "./generated/zqstreams/index.js";',
        "export const ids = (out: Out): (string | undefined)[] => out.data.map((item) => item.zqId);",
        "",
      ].join("\n"),
    );
    expect(typeCheckMessages([join(dir, "generated/zqstreams/index.d.ts"), consumer])).toEqual([]);
  });

  it("call prints the items before a failure's line, then the error with its details escaped, exit 1", async () => {
    const failure = {
      code: 14,
      message: "zq unavailable",
      details: [{ "@type": "type.zq.example/zq.RetryInfo", zqNote: "\u001b[31mred" }],
    };
    const upstream = await server(() => ({
      status: 200,
      body: [
        '{"result":{"zqId":"zq1","zqSize":1}}\n',
        '{"result":{"zqId":"zq2","zqSize":2}}\n',
        `${JSON.stringify({ error: failure })}\n`,
      ],
    }));
    try {
      const called = await cli(
        [
          "call",
          "zqstreams_zq_service_read_zqitems",
          "--param",
          "apiKey={{ZQ_STREAMS_KEY}}",
          "--param",
          "zqName=zq",
          "--base-url",
          upstream.url,
        ],
        { cwd: dir, env: { ZQ_STREAMS_KEY: "zq-key-00000001" } },
      );
      expect(called.code, called.stdout + called.stderr).toBe(1);
      const lines = called.stdout.trimEnd().split("\n");
      expect(lines.slice(0, 2)).toEqual(['{"zqId":"zq1","zqSize":1}', '{"zqId":"zq2","zqSize":2}']);
      expect(lines).toHaveLength(3);
      expect(called.stdout).not.toContain("\u001b[31m");
      expect(lines[2]).toContain("\\u001b[31mred");
      expect(JSON.parse(lines[2] ?? "")).toMatchObject({
        success: false,
        error: {
          type: "upstream",
          code: "14",
          message: "zqstreams ended the stream with a failure after 2 items: zq unavailable",
          details: { details: failure.details },
        },
      });
    } finally {
      await upstream.close();
    }
  });
});
