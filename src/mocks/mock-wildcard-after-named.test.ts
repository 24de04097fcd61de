// An answer declared as any type with nothing said of it (`*/*: {}`) before its JSON type and some bytes: Prism held
// its own JSON answer to the first type matching it, any type's binary text, and refused it ("Response body must be
// string"). The mock orders a content map as OpenAPI reads it, the most specific type first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-wildcard-after-named-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an answer of any type listed before its named types", () => {
  it("is answered in the type asked for, and the mock accepts its own answer", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqpictures"), { recursive: true });
    const content = {
      "*/*": {},
      "image/*": {},
      "application/json": { schema: { type: "object", properties: { zqId: { type: "string" } } } },
      "image/png": {},
    };
    const doc = openapi({
      "/zqpicture": { get: { responses: { "200": { description: "the picture", content } } } },
    });
    writeFileSync(join(dir, "zqpictures", "openapi.yaml"), JSON.stringify(doc));
    const mocks = await startMocks(["zqpictures"], { specsDir: dir, logLevel: "silent" });
    try {
      const seen: unknown[] = [];
      for (const accept of ["application/json", "image/png"]) {
        const r = await fetch(`${mocks.urls.zqpictures}/zqpicture`, {
          headers: { authorization: "Bearer zq-token-1", accept },
        });
        const body = await r.text();
        seen.push([accept, r.status, r.headers.get("content-type")?.split(";")[0], r.headers.get("sl-violations")]);
        if (accept === "application/json") expect(typeof JSON.parse(body), body).toBe("object");
      }
      expect(seen).toEqual([
        ["application/json", 200, "application/json", null],
        ["image/png", 200, "image/png", null],
      ]);
    } finally {
      await mocks.close();
    }
  });
});
