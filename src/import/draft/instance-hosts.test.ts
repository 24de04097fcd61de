// A document whose servers are templates of a variable scheme, one per environment (`{protocol}://{site}.{domain}`
// and `{protocol}://{site}-test.{domain}`, defaults https, demo, zq.example.com): the first drafts the instance
// address, its default the first server's address, and the other servers' hosts become server.hosts. The default's
// own host was left out of them, so the link refused the placeholder it names (BW2018) and add exited 1.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const variables = {
  protocol: { default: "https", enum: ["https"] },
  site: { default: "zqdemo" },
  domain: { default: "zq.example.com", enum: ["zq.example.com"] },
};
const doc = {
  ...openapi({
    "/zqplans": {
      get: {
        operationId: "listZqplans",
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
  servers: [
    { url: "{protocol}://{site}.{domain}/api/v1", variables },
    { url: "{protocol}://{site}-test.{domain}/api/v1", variables },
  ],
};

describe("servers of a variable scheme, one per environment", () => {
  it("drafts the instance address with its default's host among server.hosts; the draft links", async () => {
    const d = drafted(doc, ["listZqplans"]);
    expect(d.manifest.params?.instanceUrl).toMatchObject({
      default: "https://zqdemo.zq.example.com",
      placeholder: "https://zqdemo.zq.example.com",
    });
    expect(d.manifest.server).toEqual({
      param: "instanceUrl",
      hosts: ["zqdemo.zq.example.com", "zqdemo-test.zq.example.com"],
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
