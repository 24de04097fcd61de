// A server whose variable is its whole host and lists the hosts it may be (`https://{apiHost}/`, `enum:
// [api-sandbox.zq.test, api.zq.test]`: a sandbox and a production host). It is drafted as the instance address, as a
// self-hosted service's is, and the credential went to loopback and allowed hosts only: the first call to the
// document's own default host was refused ("sends its credential only to a loopback host unless allowed"). The listed
// hosts are the provider's own: server.hosts names them, and a call to either sends the credential; another host is
// still refused.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const doc = (values: string[]) =>
  openapi(
    { "/v2/zqtransfers": { get: { operationId: "zqListTransfers", responses: ok } } },
    {},
    { servers: [{ url: "https://{apiHost}/", variables: { apiHost: { enum: values, default: values[0] } } }] },
  );

async function sentTo(d: ReturnType<typeof drafted>, instanceUrl: string): Promise<string> {
  const [tool] = await linkedTools(d);
  let sent = "";
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", instanceUrl },
    {
      retries: 0,
      fetch: async (request) => {
        sent = request instanceof Request ? request.url : String(request);
        return new Response('{"id":"1"}', { status: 200, headers: { "content-type": "application/json" } });
      },
    },
  );
  return result.success ? sent : `refused: ${result.error.message}`;
}

describe("a whole-host server variable that lists its hosts", () => {
  it("names them in server.hosts, and a call to either sends the credential", async () => {
    const d = drafted(doc(["api-sandbox.zq.test", "api.zq.test"]), ["zqListTransfers"]);
    expect(d.manifest.server).toEqual({ param: "instanceUrl", hosts: ["api-sandbox.zq.test", "api.zq.test"] });
    expect(await linkProblems(d)).toEqual([]);
    expect(await sentTo(d, "https://api-sandbox.zq.test")).toBe("https://api-sandbox.zq.test/v2/zqtransfers");
    expect(await sentTo(d, "https://api.zq.test")).toBe("https://api.zq.test/v2/zqtransfers");
    expect(await sentTo(d, "https://zq.evil.test")).toMatch(/^refused: instanceUrl: .*not to zq\.evil\.test/);
  });

  it("values that are no host names (a label, a port) name no host", () => {
    const d = drafted(doc(["zqone", "zqtwo"]), ["zqListTransfers"]);
    expect(d.manifest.server).toEqual({ param: "instanceUrl" });
  });
});
