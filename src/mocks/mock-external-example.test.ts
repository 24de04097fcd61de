// An answer whose one named example only says where its value lives (`externalValue`), which no run fetches: the
// example was read as the document's own, so the mock drew no realistic answer and Prism, finding no value, served its
// static sample, whose `format: url` text ("string") its own check refused; and the suite asked the mock for that
// example by name. An example with no value here is read as none: the mock serves a realistic answer, and the suite
// names no case after it. An example that gives its value is still the document's own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../contract/prism.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-external-example-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const answer = (examples: Record<string, unknown>) => ({
  description: "The settings.",
  content: {
    "application/json": {
      examples,
      schema: {
        type: "object",
        required: ["zqIndex"],
        properties: {
          zqIndex: { type: "object", required: ["zqAt"], properties: { zqAt: { type: "string", format: "url" } } },
        },
      },
    },
  },
});
const document = openapi(
  {
    "/zqsettings": {
      get: {
        operationId: "getZqsettings",
        responses: { "200": answer({ zqnightly: { externalValue: "https://zq.example/zqsettings.json" } }) },
      },
    },
    "/zqmirrors": {
      get: {
        operationId: "getZqmirrors",
        responses: {
          "200": answer({
            zqlive: { externalValue: "https://zq.example/zqmirrors.json" },
            zqkept: { $ref: "#/components/examples/ZqKept" },
          }),
        },
      },
    },
  },
  { examples: { ZqKept: { value: { zqIndex: { zqAt: "https://zq.example/kept" } } } } },
);

describe("an answer's example that only names where its value lives (externalValue)", () => {
  it("is no example of the document's: the mock serves a realistic answer its own check passes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsettings"), { recursive: true });
    writeFileSync(join(dir, "zqsettings", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsettings"], { specsDir: dir, seed: 7, logLevel: "silent" });
    try {
      const ask = (path: string, prefer?: string) =>
        fetch(`${mocks.urls.zqsettings}${path}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json", ...(prefer ? { prefer } : {}) },
        });
      const settings = await ask("/zqsettings");
      const body = await settings.text();
      expect(violationsOf(settings.headers, body)).toEqual([]);
      expect(settings.status).toBe(200);
      expect((JSON.parse(body) as { zqIndex: { zqAt: string } }).zqIndex.zqAt).toMatch(/^https?:\/\/[^/\s]+\.\w+/);
      // Beside an example that gives its value, that one is still what the mock serves when asked for it by name.
      const kept = await ask("/zqmirrors", "example=zqkept");
      expect(kept.status).toBe(200);
      expect(await kept.json()).toEqual({ zqIndex: { zqAt: "https://zq.example/kept" } });
    } finally {
      await mocks.close();
    }
  });

  it("names no answer case: the suite reads only the examples that give their value", () => {
    const doc = new OpenApiDocument(parseYamlSource(JSON.stringify(document), "/zq/openapi.json"));
    const of = (id: string) => doc.operations.get(id)?.responses.find((r) => r.status === "200");
    expect(of("getZqsettings")?.exampleNames).toEqual([]);
    expect(of("getZqsettings")?.examples).toEqual({});
    expect(of("getZqmirrors")?.exampleNames).toEqual(["zqkept"]);
    expect(of("getZqmirrors")?.examples).toEqual({ zqkept: { zqIndex: { zqAt: "https://zq.example/kept" } } });
  });
});
