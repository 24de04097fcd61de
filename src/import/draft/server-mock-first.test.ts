// A document whose first server is a design tool's mock ("SwaggerHub API Auto Mocking") and whose second is the API's
// own: add drafted the mock as server.default, so a call given no address sent its credential (and a bank login's
// password in the body) to the mock. The API's own server is drafted now, the mock left out.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const served = (servers: unknown[]) => ({
  ...openapi({
    "/zq.list": {
      get: { operationId: "zqList", responses: { "200": reply({ type: "object", properties: { id: {} } }) } },
    },
  }),
  servers,
});

describe("a first server described as a mock before the API's own", () => {
  it("drafts the API's own server, the mock left out of the hosts, said in a note", async () => {
    const mock = { url: "https://mocks.zq-design.test/zq/api/1.0.0", description: "ZqDesign API Auto Mocking" };
    const d = drafted(served([mock, { url: "https://api.zqbank.io/" }]), ["zqList"]);
    expect(d.manifest.server).toEqual({ default: "https://api.zqbank.io" });
    expect(notesAt(d, "server").join(" ")).toContain("(described as a mock) left out");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("keeps a mock that is the only server, and a first server not described as one", () => {
    const only = { url: "https://zq.mock-host.io", description: "Zq Mock Server" };
    expect(drafted(served([only]), ["zqList"]).manifest.server).toEqual({ default: "https://zq.mock-host.io" });
    const production = { url: "https://api.zqbank.io", description: "Production" };
    const sandbox = { url: "https://sandbox.zqbank.io", description: "Sandbox (mocked data)" };
    expect(drafted(served([production, sandbox]), ["zqList"]).manifest.server).toEqual({
      default: "https://api.zqbank.io",
      hosts: ["sandbox.zqbank.io"],
    });
  });
});
