// A text answer (a media type other than JSON) whose schema states no type
// (`{description: "Empty string is returned in the case of presence"}`):
// Prism's sampler made an object of it, which it cannot write as text, and the
// mock answered 500 "Cannot serialise complex objects as text". The mock
// serves such a schema as text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-text-untyped-"));
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

// An answer of any type (`*/*`, or text) with no schema and an object for its example (`{description: "The answer
// varies"}`, a note written as the example): Prism chose text to write it in and answered 500 "Cannot serialise
// complex objects as text". The example is a JSON value: it is served as JSON.
describe("an answer without a schema whose example is an object", () => {
  it("is served as JSON, the example as it is, not a 500", async () => {
    const dir = join(work, "example-specs");
    mkdirSync(join(dir, "zqexec"), { recursive: true });
    const example = { description: "The zq answer varies with the action run." };
    const run = (content: Record<string, unknown>) => ({
      post: { responses: { "2XX": { description: "ran", content } } },
    });
    writeFileSync(
      join(dir, "zqexec", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/zqexec": run({ "*/*": { example } }),
          "/zqrun": run({ "text/plain": { examples: { zqone: { value: ["zq", 1] } } } }),
        }),
      ),
    );
    const mocks = await startMocks(["zqexec"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [at, body] of [
        ["/zqexec", example],
        ["/zqrun", ["zq", 1]],
      ] as const) {
        const r = await fetch(`${mocks.urls.zqexec}${at}`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1" },
        });
        const text = await r.text();
        expect([r.status, r.headers.get("content-type")?.split(";")[0]], text).toEqual([200, "application/json"]);
        expect(JSON.parse(text)).toEqual(body);
      }
    } finally {
      await mocks.close();
    }
  });
});

// Bytes declared with neither a schema nor an example (`audio/mpeg: {}`, a speech API's answer): Prism made no value
// and had no serializer to write none as that type, and answered 500 "Cannot find serializer for audio/mpeg". They
// are served as some bytes of that type; text with none stays an empty answer.
describe("bytes declared with no schema and no example", () => {
  it("are served as bytes of that type, not a 500", async () => {
    const dir = join(work, "bytes-specs");
    mkdirSync(join(dir, "zqspeak"), { recursive: true });
    const say = (content: Record<string, unknown>) => ({
      post: { responses: { "200": { description: "spoken", content } } },
    });
    writeFileSync(
      join(dir, "zqspeak", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/zqsay": say({ "audio/mpeg": {} }),
          "/zqprint": say({ "application/pdf": { examples: {} } }),
          "/zqlog": say({ "text/plain": {} }),
        }),
      ),
    );
    const mocks = await startMocks(["zqspeak"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [at, type] of [
        ["/zqsay", "audio/mpeg"],
        ["/zqprint", "application/pdf"],
        ["/zqlog", "text/plain"],
      ] as const) {
        const r = await fetch(`${mocks.urls.zqspeak}${at}`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1" },
        });
        const text = await r.text();
        expect([r.status, r.headers.get("content-type")?.split(";")[0]], `${at}: ${text}`).toEqual([200, type]);
      }
    } finally {
      await mocks.close();
    }
  });
});
