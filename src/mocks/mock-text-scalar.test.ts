// A text answer (a media type other than JSON) whose schema is a number or a boolean (`text/plain` holding a balance,
// `{type: number, example: 12.34}`): Prism took the example as a number, which it cannot write as text, and the mock
// answered 500 "Cannot serialise complex objects as text". The mock serves the text of the example, or of a value the
// schema admits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-text-scalar-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (schema: object, example?: unknown) => ({
  get: {
    responses: {
      "200": { description: "", content: { "text/plain": { schema, ...(example === undefined ? {} : { example }) } } },
    },
  },
});
const answers: [string, object, unknown, string][] = [
  ["/zqbalance", { type: "number", format: "float", example: 12.34 }, undefined, "12.34"],
  ["/zqcount", { type: "integer" }, 7, "7"],
  ["/zqlimit", { type: "integer", minimum: 10, exclusiveMinimum: true }, undefined, "11"],
  ["/zqratio", { type: "number", exclusiveMaximum: 0.5 }, undefined, "-0.5"],
  ["/zqopen", { type: "boolean" }, undefined, "true"],
];
const document = openapi(Object.fromEntries(answers.map(([path, schema, example]) => [path, text(schema, example)])));

describe("a text answer whose schema is a number or a boolean", () => {
  it("is served as the text of its example, or of a value its schema admits, not a 500", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqtext"), { recursive: true });
    writeFileSync(join(dir, "zqtext", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqtext"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [path, , , expected] of answers) {
        const r = await fetch(`${mocks.urls.zqtext}${path}`, { headers: { authorization: "Bearer zq-token-1" } });
        const body = await r.text();
        expect([path, r.status, r.headers.get("content-type")?.split(";")[0], body]).toEqual([
          path,
          200,
          "text/plain",
          expected,
        ]);
      }
    } finally {
      await mocks.close();
    }
  });
});
