// A key an operation's body carries, described as a workspace's (a cluster's monitoring `primaryKey`, "The Zq
// Monitoring Suite (ZMS) workspace key", beside the workspace's id; found in the public directory, link audit 1288):
// add drafted it a plain input, written in clear in logs, errors and recordings. Its holder writes the workspace's
// logs: drafted secret and user-only now; a key described as a table's primary key column stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const body = (properties: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties } } },
});
const doc = openapi({
  "/zqclusters/{zqcluster}/monitoring": {
    put: {
      operationId: "zqEnableMonitoring",
      parameters: [{ name: "zqcluster", in: "path", required: true, schema: { type: "string" } }],
      requestBody: body({
        workspaceId: { type: "string", description: "The workspace's id." },
        primaryKey: { type: "string", description: "The Zq Monitoring Suite (ZMS) workspace key." },
      }),
      responses: ok,
    },
  },
  "/zqtables": {
    post: {
      operationId: "zqCreateTable",
      requestBody: body({
        zqname: { type: "string" },
        primaryKey: { type: "string", description: "The name of the table's primary key column." },
      }),
      responses: ok,
    },
  },
});

describe("a body's key described as a workspace's", () => {
  const d = drafted(doc, ["zqEnableMonitoring", "zqCreateTable"]);
  const ops = d.manifest.operations;

  it("is drafted secret and user-only; the workspace's id and a table's primary key column stay plain", async () => {
    expect(ops.acme_zq_enable_monitoring?.params?.primaryKey).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_enable_monitoring?.params?.workspaceId?.secret).toBeFalsy();
    expect(ops.acme_zq_create_table?.params?.primaryKey?.secret).toBeFalsy();
    expect(await linkProblems(d)).toEqual([]);
  });
});
