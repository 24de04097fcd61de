// A required map in the query (an object listing no field, its values' schema in additionalProperties; form style,
// exploded: each key its own pair), as AWS's query APIs take attributes and tags (SQS's SetQueueAttributes `Attribute`,
// TagQueue `Tags`): the suite made no value of it (an empty map sends nothing), and the mock's Prism asked for a
// parameter of the map's name, which no request carries. The suite makes a map of one entry; the mock lets its keys
// through, the request judge holding the whole to the document. Every derived case passes on the mock.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { draftedSubject } from "./__fixtures__/drafted-subject.js";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { deriveCases } from "./derive.js";
import { runCases } from "./run.js";
import type { Subject } from "./types.js";

const map = (values: Record<string, unknown>) => ({ type: "object", additionalProperties: values });
const document = openapi({
  "/zqqueues/{ZqQueue}": {
    get: {
      operationId: "SetZqQueueAttributes",
      parameters: [
        { name: "ZqQueue", in: "path", required: true, schema: { type: "string" } },
        { name: "ZqAttribute", in: "query", required: true, schema: map({ type: "string" }) },
        { name: "ZqTags", in: "query", required: false, schema: map({ type: "string", maxLength: 64 }) },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

const root = mkdtempSync(join(tmpdir(), "blockwright-zq-query-map-"));
const specsDir = join(root, "specs");
let subject: Subject;
let mocks: MockServers;

beforeAll(async () => {
  subject = await draftedSubject(root, "zqqueues", document, ["SetZqQueueAttributes"]);
  mocks = await startMocks(["zqqueues"], { specsDir, root, logLevel: "silent", log: () => {} });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a required map in the query, its keys sent as pairs of their own", () => {
  it("gets a value of one entry, and every derived case passes on the mock", async () => {
    const cases = deriveCases(subject);
    expect(cases.length).toBeGreaterThan(5);
    const results = await runCases(cases, { mockUrl: () => mocks.urls.zqqueues as string, seed: 7, runs: 20 });
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });
});
