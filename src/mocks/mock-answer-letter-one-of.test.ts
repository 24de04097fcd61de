// An answer's `oneOf` of overlapping object shapes, which the mock's copy reads as `anyOf` so that Prism takes what it
// serves, still gets an answer that meets the document's letter where one can be made: a value exactly one shape
// takes (a letter of no extra service, the open shape, rather than a registered one, which the open shape takes too),
// and an optional field no value of one shape alone meets (a text item's data beside open shapes of optional fields)
// left out; a required one keeps the realistic value, which the mock's reading takes.
// Verify holds a mock's answers to the letter; a drawn registered letter or card item failed it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { documentAnswerFits } from "./mock-realistic.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-answer-letter-one-of-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const object = (required: string[], properties: object) => ({ type: "object", required, properties });
const service = (values: string[]) => ({ type: "string", enum: values });
const document = openapi(
  {
    "/zqletters": {
      get: {
        operationId: "getZqletter",
        responses: {
          "200": reply({
            oneOf: [
              { allOf: [{ title: "plain" }, ref("ZqPlain")] },
              { allOf: [{ title: "registered" }, ref("ZqRegistered")] },
              { allOf: [{ title: "certified" }, ref("ZqCertified")] },
            ],
          }),
        },
      },
    },
    "/zqcards": {
      get: {
        operationId: "getZqcard",
        responses: {
          "200": reply(object(["zq_data"], { zq_data: { type: "object", oneOf: [ref("ZqCard"), ref("ZqFrame")] } })),
        },
      },
    },
    "/zqitems": {
      get: {
        operationId: "listZqitems",
        responses: {
          "200": reply(
            object(["zq_items"], {
              zq_items: {
                type: "array",
                items: object(["id"], {
                  id: { type: "string" },
                  zq_data: { type: "object", oneOf: [ref("ZqText"), ref("ZqCard"), ref("ZqFrame")] },
                }),
              },
            }),
          ),
        },
      },
    },
  },
  {
    schemas: {
      ZqPlain: object(["zq_color"], { zq_color: { type: "boolean" }, zq_note: { type: "string" } }),
      ZqRegistered: object(["zq_color", "zq_service"], {
        zq_color: { type: "boolean" },
        zq_service: service(["zq_registered"]),
      }),
      ZqCertified: object(["zq_color", "zq_service"], {
        zq_color: { type: "boolean" },
        zq_service: service(["zq_certified", "zq_certified_receipt"]),
      }),
      ZqText: object(["zq_content"], { zq_content: { type: "string" } }),
      ZqCard: object([], { zq_title: { type: "string" }, zq_description: { type: "string" } }),
      ZqFrame: object([], { zq_title: { type: "string" }, zq_format: { type: "string" } }),
    },
  },
);

describe("a mock's answer of a oneOf of overlapping object shapes", () => {
  it("meets the document's letter at every seed: one shape alone takes it, or the field is left out", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqletters"), { recursive: true });
    writeFileSync(join(dir, "zqletters", "openapi.yaml"), JSON.stringify(document));
    const fits = (path: string) => documentAnswerFits(document, ["paths", path, "get"], "200", "application/json");
    const [letterFits, itemsFits] = [fits("/zqletters"), fits("/zqitems")];
    const served: unknown[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const mocks = await startMocks(["zqletters"], { specsDir: dir, logLevel: "silent", seed });
      try {
        const answer = async (path: string) => {
          const res = await fetch(`${mocks.urls.zqletters}${path}`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
          });
          expect(res.status).toBe(200);
          return res.json();
        };
        const [letter, items] = [await answer("/zqletters"), await answer("/zqitems")];
        served.push(letter, items);
        // A required field no value of one shape alone meets: the realistic value kept as it met (the mock's reading).
        const card = (await answer("/zqcards")) as { zq_data?: { zq_title?: unknown } };
        expect(typeof card.zq_data?.zq_title, JSON.stringify(card)).toBe("string");
        expect(letterFits(letter), JSON.stringify(letter)).toBe(true);
        expect(itemsFits(items), JSON.stringify(items)).toBe(true);
      } finally {
        await mocks.close();
      }
    }
    // Realistic answers, not an empty list: the items are there.
    expect(served.some((body) => ((body as { zq_items?: unknown[] }).zq_items ?? []).length > 0)).toBe(true);
  });
});
