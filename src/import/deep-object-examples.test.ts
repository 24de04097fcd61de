// A deepObject query parameter whose example is written as the pairs its wire carries (`{"zqfilter[name_eq]": "x"}`),
// or as that object's JSON text: generate's example check found a string or keys the object does not hold, warned and
// left the example out, so the draft's example was a string for an object and the mocks and the suite had none. The cut
// reads such an example as the object it stands for (nested where a key's brackets are), and says so.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { linkProvider } from "../emit/link-provider.js";
import { draftWorkFolder, drafted, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";
import { withDeepObjectExamplesRead } from "./deep-object-examples.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const deep = (name: string, example: unknown) => ({
  name,
  in: "query",
  style: "deepObject",
  explode: true,
  schema: { type: "object" },
  example,
});

const document = () =>
  openapi({
    "/zqclips": {
      get: {
        operationId: "zqClips",
        parameters: [
          deep("zqfilter", '{\n  "zqfilter[name_eq]": "zq one",\n  "zqfilter[text_start]": "He landed"\n}'),
          deep("zqpage", { "zqpage[number]": 1, "zqpage[size][max]": 5 }),
        ],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });

describe("a deepObject example written as its query's pairs", () => {
  it("is read as the object they write, from JSON text or not, nested by the brackets", () => {
    const doc = document();
    expect(withDeepObjectExamplesRead(doc)).toEqual([
      "the example of query parameter zqfilter of GET /zqclips",
      "the example of query parameter zqpage of GET /zqclips",
    ]);
    const [filter, page] = doc.paths["/zqclips"].get.parameters;
    expect(filter.example).toEqual({ name_eq: "zq one", text_start: "He landed" });
    expect(page.example).toEqual({ number: 1, size: { max: 5 } });
  });

  it("reads a key named __proto__ as a field of its own, the object's prototype untouched", () => {
    const doc = openapi({
      "/zqclips": {
        get: {
          operationId: "zqClips",
          parameters: [deep("zqfilter", '{"zqfilter[__proto__][zqx]": "1", "zqfilter[zqy]": "2"}')],
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
    withDeepObjectExamplesRead(doc);
    const read = doc.paths["/zqclips"].get.parameters[0].example;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(["__proto__", "zqy"]);
    expect(Object.getOwnPropertyDescriptor(read, "__proto__")?.value).toEqual({ zqx: "1" });
  });

  it("is left as it is where a key is not the parameter's name and brackets", () => {
    const doc = openapi({
      "/zqclips": {
        get: {
          operationId: "zqClips",
          parameters: [deep("zqfilter", { "zqother[a]": 1, "zqfilter[b]": 2 })],
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
    expect(withDeepObjectExamplesRead(doc)).toEqual([]);
    expect(doc.paths["/zqclips"].get.parameters[0].example).toEqual({ "zqother[a]": 1, "zqfilter[b]": 2 });
  });

  it("is drafted as the object, with a note, and generate warns of no example", async () => {
    const d = drafted(document(), ["zqClips"]);
    expect(d.manifest.operations.acme_zq_clips?.params?.zqfilter?.example).toEqual({
      name_eq: "zq one",
      text_start: "He landed",
    });
    expect(notesAt(d, "openapi")).toContainEqual(
      expect.stringMatching(/^openapi\.yaml reads the example of query parameter zqfilter of GET \/zqclips as the/),
    );
    const root = join(draftWorkFolder, "deep-object-examples");
    const dir = join(root, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    expect((await linkProvider(root, dir)).warnings).toEqual([]);
  });
});
