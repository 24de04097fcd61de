// A document whose only server is a placeholder for the reader's own instance (`//zq-gateway.local`,
// `http://localhost:PORT`, `https://example.com`): add drafted it as server.default, with no input for the user's own
// address (or, for a port written as a word, a made-up `api.example.invalid`). Each call names the address now
// (instanceUrl), the server's path after it, a review note quoting the document's address; a real host stays the
// default.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const served = (...urls: string[]) => ({
  ...openapi({
    "/zq.list": {
      get: { operationId: "zqList", responses: { "200": reply({ type: "object", properties: { id: {} } }) } },
    },
  }),
  servers: urls.map((url) => ({ url })),
});

describe("a document whose only server is a placeholder for the reader's own instance", () => {
  it("drafts the instance address each call names, the placeholder shown, a note quoting the address", async () => {
    for (const [url, placeholder, path] of [
      ["//zq-gateway.local", "https://zq-gateway.local", ""],
      ["http://localhost:PORT/zqapi", "http://localhost", "/zqapi"],
      ["http://localhost:8089", "http://localhost:8089", ""],
      ["https://example.com/zq/v1", "https://example.com", "/zq/v1"],
    ] as const) {
      const d = drafted(served(url), ["zqList"]);
      expect(d.manifest.server, url).toEqual({ param: "instanceUrl" });
      expect(d.manifest.params?.instanceUrl).toMatchObject({ format: "base-url", required: true, placeholder });
      const note = notesAt(d, "server.param")[0] ?? "";
      // A server without a scheme is read with https (its own note says so).
      const quoted = JSON.stringify(url.startsWith("//") ? `https:${url}` : url);
      const reason = url.includes("example.com") ? "a name kept for examples (RFC 2606)" : "a placeholder for your own";
      expect(note).toContain(`the document's only address (${quoted}) is ${reason}`);
      if (path) expect(note).toContain(`${path} follows it`);
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("leaves a real host as the default, and a placeholder beside a real host as it was", () => {
    expect(drafted(served("https://api.zqwidgets.io/v1"), ["zqList"]).manifest.server).toEqual({
      default: "https://api.zqwidgets.io/v1",
    });
    expect(drafted(served("https://zqwidgets.example.com"), ["zqList"]).manifest.server).toEqual({
      default: "https://zqwidgets.example.com",
    });
    const beside = drafted(served("http://localhost:8089", "https://api.zqwidgets.io"), ["zqList"]);
    expect(beside.manifest.server).toMatchObject({ default: "http://localhost:8089" });
  });

  it("keeps a host variable of the reader's own as the connection input it was (no default)", () => {
    const d = drafted(served("https://{your-zq-domain}.example.com"), ["zqList"]);
    expect(d.manifest.server).toMatchObject({ url: "https://{your-zq-domain}.example.com" });
  });
});
