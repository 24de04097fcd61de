// A Connect or gRPC-style document (`/zq.pkg.ZqService/ZqMethod`, a declared server `https://…/rpc/zqpublic`): the
// path's first segment names a service, not a host. The path-address reading (draft/paths/path-notes.ts) took any
// dotted first segment of three labels as a host written out, and add drafted every operation with its own server
// `https://zq.pkg.ZqService`: a call and its credential went to a made-up host, while the mocks, serving every path
// whatever the server, passed every case. A first segment is a host only when it can be a DNS name (labels of
// lower-case letters, digits and hyphens, or a variable; a last label that can be a top-level domain), and a document
// whose first server is a real address and whose every path begins with a dotted name keeps that server, the path
// whole.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { dnsNameShaped } from "./host-shape.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const SERVER = "https://zqapp.zqrpc.io/rpc/zqpublic";
const rpc = (operationId: string) => ({
  post: {
    operationId,
    requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
    responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "zq1" }) },
  },
});
const withServer = (paths: Record<string, unknown>, url = SERVER) => openapi(paths, {}, { servers: [{ url }] });
const TOKEN = "zq-token-0000000001";

/** Where a call of the drafted tool `operationId` goes, with no base address (its drafted server's). */
async function sentTo(d: ReturnType<typeof drafted>, operationId: string): Promise<string[]> {
  const tool = (await linkedTools(d)).find((t) => t.operationId === operationId) as ToolSpec;
  const { fetch, seen } = scriptedFetch(json(200, { zqid: "zq1" }));
  const result = await executeToolDefinition(tool, { accessToken: TOKEN, body: {} }, { fetch });
  expect(result.success ? "sent" : result.error.message).toBe("sent");
  return seen.map((s) => s.url);
}

describe("a path whose first segment names a service (package.Service/Method)", () => {
  const d = drafted(
    withServer({ "/zq.pkg.ZqService/ZqMethod": rpc("zqMethod"), "/zq.pkg.ZqOther/ZqList": rpc("zqList") }),
    ["zqMethod", "zqList"],
  );
  const cut = () => parse(d.openapiText) as { paths: Record<string, Record<string, { servers?: unknown }>> };

  it("keeps the declared server and the path whole: no operation server, no note of an address in the path", () => {
    expect(Object.keys(cut().paths).sort()).toEqual(["/zq.pkg.ZqOther/ZqList", "/zq.pkg.ZqService/ZqMethod"]);
    expect(cut().paths["/zq.pkg.ZqService/ZqMethod"]?.post?.servers).toBeUndefined();
    for (const op of Object.values(d.manifest.operations)) expect(op.server).toBeUndefined();
    expect(d.manifest.server).toMatchObject({ default: SERVER });
    expect(d.notes.map((n) => n.note).join("\n")).not.toMatch(/path begins with|first segment was where the call/);
  });

  it("a call goes to the declared server with the whole path", async () => {
    expect(await sentTo(d, "zqMethod")).toEqual([`${SERVER}/zq.pkg.ZqService/ZqMethod`]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a document whose every path begins with a dotted name, on a real server", () => {
  // Lower-case service names are DNS-shaped; every path so named, on a server that is a real address, is an RPC
  // document's, not a list of hosts.
  const paths = { "/zq.pkg.zqservice/zqmethod": rpc("zqLower"), "/zq.pkg.zqother/zqlist": rpc("zqLowerList") };

  it("keeps the declared server and the path whole", async () => {
    const d = drafted(withServer(paths), ["zqLower", "zqLowerList"]);
    for (const op of Object.values(d.manifest.operations)) expect(op.server).toBeUndefined();
    expect(await sentTo(d, "zqLower")).toEqual([`${SERVER}/zq.pkg.zqservice/zqmethod`]);
  });

  it("on a placeholder server, each such first segment is still read as where the call goes", () => {
    const d = drafted(withServer(paths, "https://zq.local"), ["zqLower"]);
    const cut = parse(d.openapiText) as { paths: Record<string, { post?: { servers?: unknown } }> };
    expect(cut.paths["/zqmethod"]?.post?.servers).toEqual([{ url: "https://zq.pkg.zqservice" }]);
  });
});

describe("a DNS name's shape", () => {
  it("takes host names written out, variables among their labels", () => {
    for (const host of [
      "{zqAccount}.zqshop.com.br",
      "portal.zqcommerce.com.br",
      "{zqAccount}.{zqEnv}.com.br",
      "zq-1.zqshop.xn--p1ai",
    ])
      expect([host, dnsNameShaped(host)]).toEqual([host, true]);
  });

  it("refuses names of code and labels no DNS name has", () => {
    for (const name of [
      "zq.pkg.ZqService",
      "zq.rpc.public.zqplaybook.ZqPlaybookService",
      "zq.v1.zq_service",
      "zq.-zq.com",
      "zq.zq-.com",
      "zq.pkg.v1",
      "zq.zqshop.c",
      "zq..com",
      `${"z".repeat(64)}.zq.com`,
    ])
      expect([name, dnsNameShaped(name)]).toEqual([name, false]);
  });
});
