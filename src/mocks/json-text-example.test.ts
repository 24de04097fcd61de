// A JSON answer with no schema whose named example is written as a text of JSON (`value: "{\n \"count\": 1 …}"`),
// beside an XML type with an example of the same name: the body is JSON, the value that text spells. The draft took the
// answer for an XML file (a download: the JSON type, without a schema, was no body), and the mock served the text as a
// JSON string, so the contract case "example › answer 200" read XML, or a string, where the example is an object.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-json-text-example-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const spelled = { count: 1, next: null, results: [{ zqgrape: "Zq Noir", score: 91.5 }] };
const document = openapi({
  "/zqvintages/latest/": {
    get: {
      operationId: "listZqVintages",
      responses: {
        "200": {
          description: "",
          content: {
            "application/json": { examples: { response: { value: `${JSON.stringify(spelled, null, 2)}\n` } } },
            "application/xml": { examples: { response: { value: "<root>\n  <count>1</count>\n</root>\n" } } },
          },
        },
      },
    },
  },
});

describe("a JSON answer without a schema whose example is a text of JSON", () => {
  it("is drafted as the JSON body it is, not as a file of the answer's other type", () => {
    const op = drafted(document, ["listZqVintages"]).manifest.operations.acme_list_zq_vintages;
    expect(op?.download).toBeUndefined();
    expect(op?.outputs).toHaveProperty("data");
  });

  it("is served by the mock as the value the text spells, to a call that accepts JSON", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqvintages"), { recursive: true });
    writeFileSync(join(dir, "zqvintages", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqvintages"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqvintages}/zqvintages/latest/?__example=response`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(spelled);
    } finally {
      await mocks.close();
    }
  });
});
