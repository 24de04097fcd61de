// A self-hosted service's document whose one server is a stand-in for the reader's own address
// (`https://your-zq-instance.com/api`): add drafted it as server.default, so a call given no address sent the request,
// its API key with it, to a name anyone may register. Each call names the address now (instanceUrl), the server's
// path after it, as for a relative server.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const served = (url: string) => ({
  ...openapi({
    "/zq.list": {
      get: { operationId: "zqList", responses: { "200": reply({ type: "object", properties: { id: {} } }) } },
    },
  }),
  servers: [{ url }],
});

describe("a server whose host stands for the reader's own", () => {
  it("is the instance address each call names, its path after it, said in a note", async () => {
    for (const url of ["https://your-zq-instance.com/api", "https://zq.yourdomain.com/api", "https://my-zq.io/api"]) {
      const d = drafted(served(url), ["zqList"]);
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(notesAt(d, "server.param")[0]).toContain("stands for the reader's own address");
      expect(notesAt(d, "server.param")[0]).toContain("/api follows it");
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("is the instance address when the host is a bare domain kept for examples (example.com, .net, .org)", async () => {
    // A self-hosted shop's document whose one server is `https://example.com/rest/default`.
    for (const url of ["https://example.com/rest/zq", "https://Example.ORG/zq", "http://example.net/zq"]) {
      const d = drafted(served(url), ["zqList"]);
      expect(d.manifest.server).toEqual({ param: "instanceUrl" });
      expect(notesAt(d, "server.param")[0]).toContain("is a name kept for examples (RFC 2606)");
      expect(await linkProblems(d)).toEqual([]);
    }
    // Named over http, it is a placeholder to give an https address for, not a service to check over https.
    const http = drafted(served("http://example.net:80/zq"), ["zqList"]);
    expect(notesAt(http, "server").join(" ")).toContain("a placeholder or an address of a network");
  });

  it("leaves a host whose label only begins so (`mysql.zq.io`, `myzq`, `my` alone) as the default", () => {
    for (const url of ["https://mysql.zq.io/api", "https://api.myzq.io", "https://my.zq.io", "https://example.zq.io"]) {
      expect(drafted(served(url), ["zqList"]).manifest.server).toEqual({ default: url });
    }
  });
});
