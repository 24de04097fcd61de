// A text answer (a media type other than JSON) whose schema states no type
// (`{description: "Empty string is returned in the case of presence"}`):
// Prism's sampler made an object of it, which it cannot write as text, and the
// mock answered 500 "Cannot serialise complex objects as text". The mock
// serves such a schema as text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-text-untyped-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const path = (answer: Record<string, unknown>) => ({
  get: {
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    responses: { "200": { description: "", content: answer } },
  },
});
const document = openapi(
  {
    "/zqlabels/{id}": path({ "text/plain": { examples: {}, schema: { description: "Empty when it is there." } } }),
    "/zqnotes/{id}": path({ "text/csv": { schema: { $ref: "#/components/schemas/ZqNote" } } }),
  },
  { schemas: { ZqNote: { description: "The note, as the zq tool wrote it." } } },
);

describe("a text answer whose schema states no type", () => {
  it("is served as text of that type, not a 500", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqtext"), { recursive: true });
    writeFileSync(join(dir, "zqtext", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqtext"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [at, type] of [
        ["/zqlabels/zq1", "text/plain"],
        ["/zqnotes/zq1", "text/csv"],
      ] as const) {
        const r = await fetch(`${mocks.urls.zqtext}${at}`, { headers: { authorization: "Bearer zq-token-1" } });
        const body = await r.text();
        expect([r.status, r.headers.get("content-type")?.split(";")[0], body]).toEqual([200, type, expect.any(String)]);
        expect(body).not.toMatch(/serialise/);
      }
    } finally {
      await mocks.close();
    }
  });
});
