// Bytes of a range of types declared with neither a schema nor an example (`audio/*: {}`, a voice sample's answer):
// the mock serves bytes of a named type so (`audio/mpeg: {}`), but skipped a wildcard, and Prism, with no value and no
// serializer for `audio/*`, answered 500 "Cannot find serializer for audio/*" (every case of the operation failed).
// They are served as some bytes too, a range of text (`text/*`, which no serializer of Prism's matches either) alike.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-wildcard-bytes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("bytes of a range of types declared with no schema and no example", () => {
  it("are served as bytes, not a 500", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqvoices"), { recursive: true });
    const get = (content: Record<string, unknown>) => ({
      get: { responses: { "200": { description: "the sample", content } } },
    });
    writeFileSync(
      join(dir, "zqvoices", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/zqsample": get({ "audio/*": {} }),
          "/zqpicture": get({ "image/*": {}, "application/json": { schema: { type: "object" } } }),
          "/zqnote": get({ "text/*": {} }),
        }),
      ),
    );
    const mocks = await startMocks(["zqvoices"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [at, accept] of [
        ["/zqsample", "audio/*"],
        ["/zqpicture", "image/*"],
        ["/zqnote", "text/*"],
      ] as const) {
        const r = await fetch(`${mocks.urls.zqvoices}${at}`, {
          headers: { authorization: "Bearer zq-token-1", accept },
        });
        const text = await r.text();
        expect([r.status, r.headers.get("content-type")?.split(";")[0]?.split("/")[0]], `${at}: ${text}`).toEqual([
          200,
          accept.split("/")[0],
        ]);
      }
    } finally {
      await mocks.close();
    }
  });
});
