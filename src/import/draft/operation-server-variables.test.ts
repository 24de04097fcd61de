// An operation (or its path item) whose own server has variables (an index's own host beside the control plane's):
// drafted as the operation's `server` with `url` and `variables`, each a shared parameter a person fills in; checked
// by the link against the document; each call goes to the host its values make, and the credential nowhere else.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { zqCount: { type: "integer" } } }) };
const REGIONS = ["zq-east", "zq-west"];
const DATA = "https://{zq_index}-{zq_project}.svc.{zq_region}.zqacme.test";
const dataServer = (url = DATA, index: Record<string, unknown> = { default: "zqexample" }) => ({
  url,
  variables: {
    zq_index: { ...index, description: "The index" },
    zq_project: { default: "zqproj1" },
    zq_region: { default: "zq-east", enum: REGIONS },
  },
});
const zqIndexes = (url?: string, index?: Record<string, unknown>) =>
  openapi(
    {
      "/zq_stats": { post: { operationId: "zqStats", servers: [dataServer(url, index)], responses: answer } },
      "/zq_vectors": { servers: [dataServer(url, index)], get: { operationId: "zqFetch", responses: answer } },
      "/zq_indexes": { get: { operationId: "zqListIndexes", responses: answer } },
    },
    {},
    {
      servers: [
        {
          url: "https://zqctl.{zq_region}.zqacme.test",
          variables: { zq_region: { default: "zq-east", enum: REGIONS } },
        },
      ],
    },
  );
const ALL = ["zqStats", "zqFetch", "zqListIndexes"];
const KEY = "zq-secret-token-0123456789";

describe("an operation whose own server has variables", () => {
  it("is drafted as url and variables, its variables shared parameters, the provider's where it shares one", () => {
    const d = drafted(zqIndexes(), ALL);
    const server = {
      url: DATA,
      variables: { zq_index: "zqIndex", zq_project: "zqProject", zq_region: "zqRegion" },
    };
    expect(d.manifest.server.variables).toEqual({ zq_region: "zqRegion" });
    expect(d.manifest.operations.acme_zq_stats?.server).toEqual(server);
    expect(d.manifest.operations.acme_zq_fetch?.server).toEqual(server);
    expect(d.manifest.operations.acme_zq_list_indexes?.server).toBeUndefined();
    expect(d.manifest.params?.zqIndex).toMatchObject({ default: "zqexample", visibility: "user-only" });
    expect(d.manifest.params?.zqProject).toMatchObject({ default: "zqproj1", visibility: "user-only" });
    expect(notesAt(d, "operations.acme_zq_stats.server").join("\n")).toContain(
      `names a server of its own with variables (${DATA})`,
    );
  });

  it("links, and is refused where the manifest and the document disagree, or where it is left out", async () => {
    const d = drafted(zqIndexes(), ALL);
    expect(await linkProblems(d)).toEqual([]);
    const wrong = { ...d, manifestText: d.manifestText.replace(`url: ${DATA}`, `url: ${DATA}/zq`) };
    expect((await linkProblems(wrong)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*server\.url: .*server for operation "zqStats" is "https:\/\/\{zq_index\}/,
    );
    const left = {
      ...d,
      manifestText: d.manifestText.replace(/\n {4}server:\n {6}url: [^\n]*\n {6}variables:\n( {8}[^\n]*\n){3}/, "\n"),
    };
    expect((await linkProblems(left)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*operation "zqStats" is served at its own server .*made of variables: write server:/,
    );
    const unnamed = { ...d, manifestText: d.manifestText.replace(/\n {8}zq_project: zqProject(?=\n)/, "") };
    expect((await linkProblems(unnamed)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*has variable \{zq_project\}: name the parameter that fills it/,
    );
  });

  it("sends each call to the host its values make, with the credential; no host outside the rules", async () => {
    const tools = await linkedTools(drafted(zqIndexes(), ALL));
    const tool = tools.find((t) => t.id === "acme_zq_stats") as ToolSpec;
    expect(tool.server.hosts).toEqual(["*.svc.zq-east.zqacme.test", "*.svc.zq-west.zqacme.test"]);
    const sent: { url: string; auth: string | null }[] = [];
    const fetch = async (request: Request) => {
      sent.push({ url: request.url, auth: request.headers.get("authorization") });
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const call = (t: ToolSpec, params: Record<string, unknown>, options: Record<string, unknown> = {}) =>
      executeToolDefinition(t, { accessToken: KEY, ...params }, { fetch, ...options });
    expect((await call(tool, { zqIndex: "zqa", zqProject: "zqp1", zqRegion: "zq-west" })).success).toBe(true);
    expect((await call(tool, { zqIndex: "zqb", zqProject: "zqp2" })).success).toBe(true);
    expect((await call(tool, {}, { baseUrl: "http://127.0.0.1:9" })).success).toBe(true);
    const list = tools.find((t) => t.id === "acme_zq_list_indexes") as ToolSpec;
    expect((await call(list, { zqRegion: "zq-west", zqIndex: "zqa" })).success).toBe(true);
    expect(sent).toEqual([
      { url: "https://zqa-zqp1.svc.zq-west.zqacme.test/zq_stats", auth: `Bearer ${KEY}` },
      { url: "https://zqb-zqp2.svc.zq-east.zqacme.test/zq_stats", auth: `Bearer ${KEY}` },
      { url: "http://127.0.0.1:9/zq_stats", auth: `Bearer ${KEY}` },
      { url: "https://zqctl.zq-west.zqacme.test/zq_indexes", auth: `Bearer ${KEY}` },
    ]);
    const elsewhere = await call(tool, {}, { baseUrl: "https://zqctl.zq-east.zqacme.test" });
    expect(elsewhere.success).toBe(false);
    expect(JSON.stringify(elsewhere)).toContain("*.svc.zq-east.zqacme.test");
    const dotted = await call(tool, { zqIndex: "zq.elsewhere.test#" });
    expect(dotted.success).toBe(false);
    expect(sent).toHaveLength(4);
  });

  // No host rule can bound it: the customer's own instance address (operation-instance.test.ts), no longer a note.
  it("with a host variable outside its first label and no listed values: an instance address; links", async () => {
    const d = drafted(zqIndexes("https://zqdata.{zq_index}.{zq_project}.svc.{zq_region}.zqacme.test"), ALL);
    expect(d.manifest.operations.acme_zq_stats?.server).toEqual({ param: "zqdataUrl" });
    expect(notesAt(d, "operations.acme_zq_stats.server").join("\n")).toMatch(/whose host is each customer's own/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("with a path: every derived case passes on the mock and its judge, which serve it under that path", async () => {
    const d = drafted(zqIndexes(`${DATA}/zq9`), ALL, "zqopvar");
    expect((await linkedTools(d, "zqopvar")).find((t) => t.id === "zqopvar_zq_stats")?.server.basePath).toBe("/zq9");
    const { ids, failed } = await failedCases(d, "zqopvar");
    expect(ids.filter((id) => /zq_stats|zq_fetch/.test(id)).length).toBeGreaterThan(1);
    expect(failed).toEqual([]);
  });
});

// A whole document: an operation drafted before the index's host is met has a path parameter of the variable's name
// (`/zq_indexes/{zqIndex}`, the variable `zq_index` drafted as `zqIndex`); the draft shared the variable's parameter
// under that name too, and generate refused it (BW2011: already a shared parameter). The variable's parameter is
// named for the server instead.
describe("an operation's own server variable named as an earlier operation's own parameter", () => {
  it("is shared as the server's (serverZqIndex), and the draft links", async () => {
    const document = zqIndexes();
    const paths = document.paths as Record<string, unknown>;
    const byIndex = {
      "/zq_indexes/{zqIndex}": {
        get: {
          operationId: "zqDescribeIndex",
          parameters: [{ name: "zqIndex", in: "path", required: true, schema: { type: "string" } }],
          responses: answer,
        },
      },
    };
    const d = drafted({ ...document, paths: { ...byIndex, ...paths } }, ["zqDescribeIndex", ...ALL]);
    expect(d.manifest.operations.acme_zq_describe_index?.params?.zqIndex).toMatchObject({ wire: { in: "path" } });
    expect(d.manifest.operations.acme_zq_stats?.server).toMatchObject({
      variables: { zq_index: "serverZqIndex", zq_project: "zqProject" },
    });
    expect(d.manifest.params?.serverZqIndex).toMatchObject({ default: "zqexample", visibility: "user-only" });
    expect(d.manifest.params?.zqIndex).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });
});
