// An error answer the document declares only as text (`text/plain; charset=utf-8`,
// named examples alone), asked of the mock with the `Accept: application/json`
// a JSON tool sends: Prism found no answer of that status in a type Accept
// names and answered the 200 instead, so the error cases saw a success. A
// server writes its error in its own type whatever Accept says: the mock
// takes any type, at the lowest preference, where a request asks for an error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-error-any-type-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (a: string, b: string) => ({
  description: "refused",
  content: { "text/plain; charset=utf-8": { examples: { a: { value: a }, b: { value: b } } } },
});
const document = openapi({
  "/zqscrape": {
    post: {
      operationId: "zqscrape",
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: {
        "200": { description: "ok", content: { "application/json": { example: [{ a: 1 }] } } },
        "400": text("Invalid request URL", "No fields"),
        "401": text("No API Key provided", "Invalid API key"),
      },
    },
  },
});

describe("an error answer declared only in a type Accept does not name", () => {
  it("is served when asked for, in its own type; a request asking for none still gets the JSON success", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqscrape"), { recursive: true });
    writeFileSync(join(dir, "zqscrape", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqscrape"], { specsDir: dir, logLevel: "silent" });
    try {
      const post = async (query: string, headers: Record<string, string> = {}) => {
        const r = await fetch(`${mocks.urls.zqscrape}/zqscrape${query}`, {
          method: "POST",
          headers: {
            authorization: "Bearer zq-token-1",
            accept: "application/json",
            "content-type": "application/json",
            ...headers,
          },
          body: "{}",
        });
        return [r.status, r.headers.get("content-type"), await r.text()];
      };
      expect(await post("?__code=400")).toEqual([400, "text/plain; charset=utf-8", "Invalid request URL"]);
      expect(await post("", { prefer: "code=401, example=b" })).toEqual([
        401,
        "text/plain; charset=utf-8",
        "Invalid API key",
      ]);
      expect(await post("")).toEqual([200, "application/json", '[{"a":1}]']);
    } finally {
      await mocks.close();
    }
  });
});
