// A self-hosted API whose document's server is all variables (`{zq_protocol}://{zq_hostname}/zqapi/v3`: the instance
// address, a connection input) and one of whose operations is served at its own server of the same host
// (`{zq_protocol}://{zq_hostname}`: an admin console): both take the one address parameter, which the provider's draft
// writes `required: true`. The link refused that for the operation's own server (another operation's address is asked
// only by the operations naming it), so `add` refused its own draft (a public directory's enterprise edition with its
// setup endpoints). The provider's own address parameter is held by the provider's rules.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { zqCount: { type: "integer" } } }) };
const variables = { zq_hostname: { default: "ZQHOSTNAME" }, zq_protocol: { default: "http" } };
const zqSelfHosted = () =>
  openapi(
    {
      "/zqrepos": { get: { operationId: "zqListRepos", responses: answer } },
      "/zqsetup/upgrade": {
        post: {
          operationId: "zqUpgrade",
          servers: [{ url: "{zq_protocol}://{zq_hostname}", variables }],
          responses: answer,
        },
      },
    },
    {},
    { servers: [{ url: "{zq_protocol}://{zq_hostname}/zqapi/v3", variables }] },
  );

describe("one instance address for the document's server and an operation's own", () => {
  it("is drafted once, links, and a call with none is refused naming it", async () => {
    const d = drafted(zqSelfHosted(), ["zqListRepos", "zqUpgrade"]);
    expect(d.manifest.server).toMatchObject({ param: "instanceUrl" });
    expect(d.manifest.operations.acme_zq_upgrade?.server).toEqual({ param: "instanceUrl" });
    expect(d.manifest.params?.instanceUrl).toMatchObject({ format: "base-url", visibility: "user-only" });
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    for (const tool of tools) {
      const result = await executeToolDefinition(tool, { accessToken: "zq-token-0123456789" });
      expect(result).toMatchObject({
        success: false,
        error: { type: "validation", param: "instanceUrl", rule: "required" },
      });
    }
  });
});
