// The scenario kind's round trips (kinds/round-trip.ts): for each resource of
// a document whose create and read the manifest binds, create → get → update →
// get → list → delete → get on the stateful mock, the get answering what the
// create did, then what the update did;
// a mock that keeps nothing fails it, saying what it read back.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProvider } from "../emit/link-provider.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { loadYamlSource, parseYamlSource } from "../load/yaml-source.js";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { roundTripCases, roundTrips } from "./kinds/round-trip.js";
import { scenarioKind } from "./kinds/scenario.js";
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { CaseContext, Subject } from "./types.js";

const root = fileURLToPath(new URL("../mocks/__fixtures__/", import.meta.url));
const specsDir = join(root, "mock-state");
const tools = (await loadProvider(root, join(specsDir, "zqshop"))).operations.map((o) => o.tool);
const subject: Subject = {
  provider: "zqshop",
  tools,
  document: new OpenApiDocument(loadYamlSource(join(specsDir, "zqshop/openapi.yaml"))),
};

let stateful: MockServers;
let plain: MockServers;
beforeAll(async () => {
  [stateful, plain] = await Promise.all([
    startMocks(["zqshop"], { specsDir, root, state: {}, log: () => {} }),
    startMocks(["zqshop"], { specsDir, root, log: () => {} }),
  ]);
});
afterAll(async () => {
  await Promise.all([stateful?.close(), plain?.close()]);
});

const ctx = (on: MockServers): CaseContext => ({
  mockUrl: () => plain.urls.zqshop as string,
  statefulMockUrl: async () => on.urls.zqshop as string,
  seed: 1,
  runs: 1,
});

describe("round trips of a document's resources", () => {
  it(
    "are derived once per provider, one per resource the manifest binds a create and a read of (the RPC path " +
      "none)",
    () => {
      expect(scenarioKind.deriveProvider?.(subject).map((c) => c.id)).toEqual([
        "zqshop_create_order › scenario › round trip of /orders: " +
          "create → get → update → get → list → delete → get (404)",
      ]);
    },
  );

  it("hold on the stateful mock", async () => {
    for (const c of roundTripCases(subject)) await c.run(ctx(stateful));
  });

  it("hold on a stateful mock serving only the tools each says it calls, as a worker's part of a run", async () => {
    const manifest = loadYamlSource(join(specsDir, "zqshop/manifest.yaml")).data;
    for (const c of roundTripCases(subject)) {
      const serves = new Set(c.calls ?? [c.operation]);
      const linked = { zqshop: { document: subject.document, manifest, tools, serves } };
      const part = await startMocks(["zqshop"], { specsDir, root, state: {}, log: () => {}, linked });
      try {
        await c.run(ctx(part));
      } finally {
        await part.close();
      }
    }
  });

  it("fail on a mock that keeps nothing, naming the field it did not keep", async () => {
    const [c] = roundTripCases(subject);
    await expect(c?.run(ctx(plain))).rejects.toThrow(
      /field "customer_email" of the created record \(the create sent it\)/,
    );
  });

  it("fail clearly where the run gives no stateful mock", async () => {
    const [c] = roundTripCases(subject);
    await expect(c?.run({ mockUrl: () => plain.urls.zqshop as string, seed: 1, runs: 1 })).rejects.toThrow(
      "a round trip needs a stateful mock, and this run gives none",
    );
  });
});

describe("a resource whose create answers no id (a bare 201, its address in Location)", () => {
  it("gets no round trip: the get would have no id to read", () => {
    const document = new OpenApiDocument(
      parseYamlSource(
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "zqkeywords", version: "1" },
          paths: {
            "/zqkeywords": { post: { operationId: "createZqkeyword", responses: { "201": { description: "made" } } } },
            "/zqkeywords/{zqKeywordId}": {
              get: {
                operationId: "getZqkeyword",
                parameters: [{ name: "zqKeywordId", in: "path", required: true, schema: { type: "string" } }],
                responses: {
                  "200": {
                    description: "ok",
                    content: {
                      "application/json": {
                        schema: {
                          type: "object",
                          properties: { zqKeywordId: { type: "string" }, text: { type: "string" } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        }),
        "zqkeywords.yaml",
      ),
    );
    const tool = (method: string, operationId: string, params: unknown[]) =>
      ({ method, operationId, params }) as unknown as ToolSpec;
    const keywords: Subject = {
      provider: "zqkeywords",
      document,
      tools: [
        tool("POST", "createZqkeyword", []),
        tool("GET", "getZqkeyword", [{ name: "zqKeywordId", wire: { in: "path" } }]),
      ],
    };
    expect(roundTrips(keywords)).toEqual([]);
    // The same create answering the record gets one.
    const answering = structuredClone(document.source.data) as {
      paths: Record<string, Record<string, { responses: unknown }>>;
    };
    answering.paths["/zqkeywords"]!.post!.responses = answering.paths["/zqkeywords/{zqKeywordId}"]!.get!.responses;
    const withRecord = new OpenApiDocument(parseYamlSource(JSON.stringify(answering), "zqkeywords.yaml"));
    expect(roundTrips({ ...keywords, document: withRecord })).toHaveLength(1);
  });
});
