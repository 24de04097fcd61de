// An answer declared under a JSON type of its own (`application/vnd.zq-results+json`) beside other types whose object
// schema Prism cannot write (an XML type, JSON-P's `application/javascript`): the mock serves the object as JSON, and
// did so under `application/json`, dropping the answer's own JSON type. A call's Accept names the answer's types, its
// JSON type first (link/answer-types/accept.ts), so Prism took the next type named, which it cannot write: every case
// of such an operation was answered 406.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { mockDocument } from "./mock-document.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-own-json-type-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const results = { type: "object", title: "zqresults" };
const document = openapi({
  "/zqquery": {
    get: {
      operationId: "getZqQuery",
      parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "the results",
          content: {
            "application/vnd.zq-results+json": { schema: results },
            "application/vnd.zq-results+xml": { schema: results },
            "application/javascript": { schema: results },
          },
        },
      },
    },
  },
});

describe("an answer's own JSON type beside types of an object Prism cannot write", () => {
  it("keeps its name in the mock's document; the others but XML are served as that JSON", () => {
    const served = mockDocument(document, () => false) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    // The XML type is served as an XML document of its own (media/xml-records.ts).
    expect(Object.keys(served.paths["/zqquery"]!.get.responses["200"]!.content)).toEqual([
      "application/vnd.zq-results+json",
      "application/vnd.zq-results+xml",
    ]);
  });

  it("is answered to a call whose Accept names its JSON type first and the others after", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqquery"), { recursive: true });
    writeFileSync(join(dir, "zqquery", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqquery"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqquery}/zqquery?q=zq`, {
        headers: {
          authorization: "Bearer zq-token-1",
          accept: "application/vnd.zq-results+json, application/vnd.zq-results+xml;q=0.5, application/javascript;q=0.5",
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/vnd\.zq-results\+json/);
      expect(typeof (await response.json())).toBe("object");
    } finally {
      await mocks.close();
    }
  });
});
