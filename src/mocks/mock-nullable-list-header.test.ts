// An optional header whose schema is a list or null (`anyOf: [{type: array}, {type: null}]`, as FastAPI writes an
// optional `list[str]` header of a 3.1 document): the mock's copy served it as the list ("S or null" as S), and
// Prism's reader split the header a request left out, throwing outside any handler ("Cannot read properties of
// undefined (reading 'split')"): every case of the operation crashed its worker. Like a list header, it is the
// request judge's to read; Prism is told only whether it is required.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { judgedOnly } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { HANG_GUARD_MS } from "../../test-support/runtime/hang-guard.js";

const work = mkdtempSync(join(runScratch(), "blockwright-nullable-list-header-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const listOrNull = { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }] };
const objectOrNull = { type: ["object", "null"], properties: { zq_a: { type: "string" } } };

const document = openapi({
  "/zqthings": {
    get: {
      operationId: "zqthings",
      parameters: [
        { name: "zq-flags", in: "header", required: false, schema: listOrNull },
        { name: "zq-shape", in: "header", required: false, schema: objectOrNull },
      ],
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("an optional header of a list or null", () => {
  it("is the request judge's to read, as a list header is: Prism is told only whether it is required", () => {
    const parameters = (document.paths as Record<string, { get: { parameters: unknown[] } }>)["/zqthings"]!.get;
    for (const parameter of parameters.parameters)
      expect(judgedOnly(parameter, document)).toEqual({ ...(parameter as object), schema: {} });
    const text = { name: "zq-text", in: "header", schema: { anyOf: [{ type: "string" }, { type: "null" }] } };
    expect(judgedOnly(text, document)).toBe(text);
  });

  it("is not split by Prism when a request leaves it out, and is taken when sent", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqthings"), { recursive: true });
    writeFileSync(join(dir, "zqthings", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqthings"], { specsDir: dir, logLevel: "silent" });
    try {
      const status = async (headers: Record<string, string>) => {
        const response = await fetch(`${mocks.urls.zqthings}/zqthings`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json", ...headers },
          // Prism's throw left the request unanswered: a hang, named after the guard's minutes.
          signal: AbortSignal.timeout(HANG_GUARD_MS),
        });
        await response.body?.cancel();
        return [response.status, response.headers.get("sl-violations")];
      };
      expect(await status({})).toEqual([200, null]);
      expect(await status({ "zq-flags": "a,b" })).toEqual([200, null]);
      expect(await status({ "zq-flags": "a", "zq-shape": "zq_a,x" })).toEqual([200, null]);
    } finally {
      await mocks.close();
    }
  });
});
