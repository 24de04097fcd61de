// Examples that break their schema: the upstream's (the same value is in the
// provider's pinned published document) are warnings and left out of what
// generation, mocks and the suite read; any other stays an error.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sha256 } from "../common/hash.js";
import { afterAll, describe, expect, it } from "vitest";
import { loadOpenApi, OpenApiProblems } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-published-examples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A document whose listPets answers 200 with this media type object (its YAML lines, indented under application/json).
 */
const listPets = (media: string, version = "3.0.3") => `openapi: ${version}
info: { title: pets, version: "1" }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: pets
          content:
            application/json:
${media}`;

const DOCUMENT =
  listPets(`              schema: { type: object, additionalProperties: false, properties: { id: { type: string } } }
              examples:
                theirs: { value: { id: a, colour: red } }
                ours: { value: { id: 7 } }
`);

let counter = 0;
/** A provider folder with the document, and (when given) a pinned published document holding these examples. */
function provider(published?: unknown[], document = DOCUMENT): string {
  const dir = join(work, String(counter++), "specs", "pets");
  mkdirSync(join(dir, "upstream"), { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), document);
  if (published) {
    // As Swagger 2 publishes a response's examples: by media type.
    const responses = Object.fromEntries(
      published.map((value, i) => [String(200 + i), { description: "x", examples: { "application/json": value } }]),
    );
    const text = JSON.stringify({ swagger: "2.0", paths: { "/pets": { get: { responses } } } });
    writeFileSync(join(dir, "upstream", "published.json"), text);
    writeFileSync(
      join(dir, "upstream", "source.yaml"),
      `format: swagger\nfile: published.json\nsha256: ${sha256(text)}\n`,
    );
  }
  return join(dir, "openapi.yaml");
}

async function problems(file: string): Promise<string[]> {
  try {
    await loadOpenApi(file, work);
    return [];
  } catch (e) {
    if (e instanceof OpenApiProblems) return e.errors.map((x) => x.detail);
    throw e;
  }
}

describe("examples the upstream published wrong", () => {
  it("without a pinned published document, each example breaking its schema is an error, with how to pin", async () => {
    const hint =
      " (the vendor's own example? pin the document it publishes, blockwright upstream pets <document> --accept, " +
      "and it is left out with a warning)";
    const found = await problems(provider());
    expect(found.map((p) => (p.endsWith(hint) ? p.slice(0, -hint.length) : p))).toEqual([
      expect.stringMatching(/^example "theirs" .*has field "colour", which the schema does not allow$/),
      expect.stringMatching(/^example "ours" .*\/id must be string, got 7$/),
    ]);
    expect(found.every((p) => p.endsWith(hint))).toBe(true);
  });

  it(
    "an example of a pinned document edited since it was pinned (its sha256 no longer matches) " +
      "vouches for nothing",
    async () => {
      const file = provider([{ colour: "red", id: "a" }, { id: 7 }]);
      const published = join(dirname(file), "upstream", "published.json");
      writeFileSync(published, readFileSync(published, "utf8").replace('"colour"', '"color"'));
      expect(await problems(file)).toEqual([
        expect.stringMatching(/^example "theirs" .*has field "colour"/),
        expect.stringMatching(/^example "ours" .*\/id must be string, got 7$/),
      ]);
    },
  );

  it("one the published document holds is a warning and left out; one it does not hold stays an error", async () => {
    expect(await problems(provider([{ colour: "red", id: "a" }]))).toEqual([
      expect.stringMatching(/^example "ours" .*\/id must be string, got 7$/),
    ]);
    const loaded = await loadOpenApi(provider([{ id: "a", colour: "red" }, { id: 7 }]), work);
    expect(loaded.warnings.map((w) => w.detail)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^example "theirs" .*has field "colour", which the schema does not allow \(the published` +
            String.raw` document's own example: left out, mocks and the contract suite do not use it\)$`,
        ),
      ),
      expect.stringMatching(/^example "ours" .*\(the published document's own example: left out/),
    ]);
    const media = (
      loaded.source.data as {
        paths: Record<string, { get: { responses: Record<string, { content: Record<string, object> }> } }>;
      }
    ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!;
    expect(media).not.toHaveProperty("examples");
  });

  it("one the published document gives as a $ref (an example's whole value) is read as the value named", async () => {
    const file = provider();
    const upstream = join(dirname(file), "upstream");
    // Not a place of an example's value: followed only because it is the whole value of one (followExampleRefs).
    const text = JSON.stringify({
      openapi: "3.0.3",
      paths: {
        "/pets": {
          get: {
            responses: {
              "200": {
                content: {
                  "application/json": { examples: { theirs: { value: { $ref: "#/components/x-zqsamples/pet" } } } },
                },
              },
            },
          },
        },
      },
      components: { "x-zqsamples": { pet: { id: "a", colour: "red" } } },
    });
    writeFileSync(join(upstream, "published.json"), text);
    writeFileSync(join(upstream, "source.yaml"), `format: openapi\nfile: published.json\nsha256: ${sha256(text)}\n`);
    expect(await problems(file)).toEqual([expect.stringMatching(/^example "ours" /)]);
  });

  it("one whose field is a $ref to another example is compared as the load reads it: the value named", async () => {
    const schema = "{ type: object, additionalProperties: false, properties: { id: { type: string } } }";
    const named = `${listPets(`              schema: ${schema}
              examples:
                theirs: { value: { id: a, colour: { $ref: "#/components/examples/ZqColour/value" } } }
`)}components:
  examples:
    ZqColour: { value: { name: red } }
`;
    const file = provider(undefined, named);
    const upstream = join(dirname(file), "upstream");
    // The published document writes the field as the same $ref, to its own copy of the example.
    const text = JSON.stringify({
      openapi: "3.0.3",
      paths: {
        "/pets": {
          get: {
            responses: {
              "200": {
                content: {
                  "application/json": {
                    examples: {
                      theirs: { value: { id: "a", colour: { $ref: "#/components/examples/ZqColour/value" } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { examples: { ZqColour: { value: { name: "red" } } } },
    });
    writeFileSync(join(upstream, "published.json"), text);
    writeFileSync(join(upstream, "source.yaml"), `format: openapi\nfile: published.json\nsha256: ${sha256(text)}\n`);
    const loaded = await loadOpenApi(file, work);
    expect(loaded.warnings.map((w) => w.detail)).toEqual([
      expect.stringMatching(/^example "theirs" .*has field "colour".*\(the published document's own example: left out/),
    ]);
  });

  it(
    "one in a components response that several operations refer to is left out for all of them, " +
      "not only the first",
    async () => {
      const shared = `openapi: 3.0.3
info: { title: pets, version: "1" }
paths:
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        "202": { $ref: "#/components/responses/accepted" }
  /pets:
    delete:
      operationId: deletePets
      responses:
        "202": { $ref: "#/components/responses/accepted" }
components:
  responses:
    accepted: { description: accepted, content: { application/json: { schema: { type: object }, examples: { default: \
{ value: null } } } } }
`;
      const loaded = await loadOpenApi(provider([null], shared), work);
      // One warning, the component's own (published-examples-shared.test.ts): not one more per operation.
      expect(loaded.warnings.map((w) => w.detail)).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^example "default" of response accepted .*must be object, got null \(the published document's` +
              " own example: left out",
          ),
        ),
      ]);
      const accepted = (
        loaded.source.data as { components: { responses: { accepted: { content: Record<string, object> } } } }
      ).components.responses.accepted.content["application/json"];
      expect(accepted).not.toHaveProperty("examples");
    },
  );

  it(
    "one that breaks its own format (a relative path under format: uri, a bare domain) " +
      "is a warning with its file:line:col, and left out",
    async () => {
      const formats =
        listPets(`              schema: { type: object, properties: { next: { type: string, format: uri }, \
site: { type: string, format: uri }, other: { type: string, format: zq-unknown } } }
              examples:
                relative: { value: { next: /pets?page=2, other: anything } }
                domain: { value: { site: zq-widgets.example } }
                fine: { value: { next: "https://zq-widgets.example/pets?page=2" } }
`);
      const file = provider([{ next: "/pets?page=2", other: "anything" }, { site: "zq-widgets.example" }], formats);
      const loaded = await loadOpenApi(file, work);
      expect(loaded.warnings.map((w) => `${w.position.line}:${w.position.col} ${w.detail}`)).toEqual([
        expect.stringMatching(
          /^14:\d+ example "relative" .*\/next .*format "uri".*\(the published document's own example: left out/,
        ),
        expect.stringMatching(
          /^15:\d+ example "domain" .*\/site .*format "uri".*\(the published document's own example: left out/,
        ),
      ]);
      const media = (
        loaded.source.data as {
          paths: Record<
            string,
            { get: { responses: Record<string, { content: Record<string, { examples: object }> }> } }
          >;
        }
      ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!;
      expect(Object.keys(media.examples)).toEqual(["fine"]);
    },
  );

  it("one whose int64 field is past the safe integers (the mocks' int64) is a warning, and left out", async () => {
    const receivers = listPets(`              schema:
                type: object
                properties:
                  zqId: { type: integer, format: int64, example: 2339264502380679700 }
                  zqN: { type: integer, format: int64, example: 12 }
`);
    const loaded = await loadOpenApi(provider([2339264502380679700], receivers), work);
    expect(loaded.warnings.map((w) => `${w.position.line}:${w.position.col} ${w.detail}`)).toEqual([
      expect.stringMatching(
        /^15:\d+ .*zqId .*must be at most 9007199254740991.*\(the published document's own example: left out/,
      ),
    ]);
    const schema = (
      loaded.source.data as {
        paths: Record<
          string,
          { get: { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> } }
        >;
      }
    ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!.schema;
    expect(schema.properties).toEqual({
      zqId: { type: "integer", format: "int64" },
      zqN: { type: "integer", format: "int64", example: 12 },
    });
  });

  it("one whose byte field is no base64 (spaces inside a certificate's text) is a warning, and left out", async () => {
    const certificates =
      listPets(`              schema: { type: object, properties: { zqCert: { type: string, format: byte } } }
              examples:
                spaced: { value: { zqCert: "WlFh   YmM=" } }
                fine: { value: { zqCert: "WlFhYmM=" } }
`);
    const loaded = await loadOpenApi(provider([{ zqCert: "WlFh   YmM=" }], certificates), work);
    expect(loaded.warnings.map((w) => `${w.position.line}:${w.position.col} ${w.detail}`)).toEqual([
      expect.stringMatching(
        /^14:\d+ example "spaced" .*\/zqCert .*format "byte".*\(the published document's own example: left out/,
      ),
    ]);
    const media = (
      loaded.source.data as {
        paths: Record<
          string,
          { get: { responses: Record<string, { content: Record<string, { examples: object }> }> } }
        >;
      }
    ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!;
    expect(Object.keys(media.examples)).toEqual(["fine"]);
  });

  it("one whose schema cannot be used (named twice by its $id) is a warning and left out; ours an error", async () => {
    // Two schemas naming themselves zqdup: the second registered is refused, and so is every check against it.
    const named = listPets(`              schema:
                type: object
                properties:
                  zqA: { $id: zqdup, type: object, properties: { zqN: { type: integer, example: 1 } } }
                  zqB: { $id: zqdup, type: object, properties: { zqM: { type: integer, example: 2 } } }
`);
    const unchecked = /^the schema of the example of the schema at .*\.zqB\.properties\.zqM cannot be used/;
    expect(await problems(provider(undefined, named))).toEqual([expect.stringMatching(unchecked)]);
    const loaded = await loadOpenApi(provider([2], named), work);
    expect(loaded.warnings.map((w) => `${w.code} ${w.detail}`)).toEqual([
      expect.stringMatching(
        /^BW1205 the schema of the example .*zqM cannot be used: .*\(the published document's own example: left out/,
      ),
    ]);
    const properties = (
      loaded.source.data as {
        paths: Record<
          string,
          {
            get: {
              responses: Record<
                string,
                { content: Record<string, { schema: { properties: Record<string, { properties: object }> } }> }
              >;
            };
          }
        >;
      }
    ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!.schema.properties;
    expect(properties.zqB!.properties).toEqual({ zqM: { type: "integer" } });
  });

  it(
    "an item of a 3.1 schema's examples list is a warning and left out of the list, the others kept; " +
      "a list left empty goes",
    async () => {
      const listed = listPets(
        `              schema:
                type: object
                properties:
                  mode: { type: string, enum: [auto, "on"], examples: [true, auto, 7] }
                  size: { type: integer, examples: [big] }
`,
        "3.1.0",
      );
      const loaded = await loadOpenApi(provider([true, 7, "big"], listed), work);
      expect(loaded.warnings.map((w) => w.detail)).toEqual([
        expect.stringMatching(
          /^example 0 of the schema at .*mode .*got true \(the published document's own example: left out/,
        ),
        expect.stringMatching(
          /^example 2 of the schema at .*mode .*got 7 \(the published document's own example: left out/,
        ),
        expect.stringMatching(/^example 0 of the schema at .*size .*\(the published document's own example: left out/),
      ]);
      const properties = (
        loaded.source.data as {
          paths: Record<
            string,
            {
              get: {
                responses: Record<
                  string,
                  { content: Record<string, { schema: { properties: Record<string, object> } }> }
                >;
              };
            }
          >;
        }
      ).paths["/pets"]!.get.responses["200"]!.content["application/json"]!.schema.properties;
      expect(properties.mode).toMatchObject({ examples: ["auto"] });
      expect(properties.size).not.toHaveProperty("examples");
    },
  );
});

describe("the pinned document's examples, among many", () => {
  it(
    "an example it holds with its keys in another order is the upstream's; one of the same kind and size with " +
      "another value stays an error",
    async () => {
      const schema = "{ type: object, additionalProperties: false, properties: { id: { type: string } } }";
      const document = listPets(`              schema: ${schema}
              examples:
                theirs: { value: { id: a, colour: red } }
                ours: { value: { id: b, colour: red } }
`);
      // Many other examples, of other sizes and of the same size, none of them ours.
      const others = Array.from({ length: 50 }, (_, i) => (i % 2 ? { id: `x${i}`, colour: "blue" } : [i]));
      const file = provider([...others, { colour: "red", id: "a" }], document);
      const loaded = await loadOpenApi(file, work).catch((e: unknown) => e);
      expect(loaded).toBeInstanceOf(OpenApiProblems);
      expect((loaded as OpenApiProblems).errors.map((e) => e.detail)).toEqual([
        expect.stringMatching(/^example "ours" .*has field "colour", which the schema does not allow$/),
      ]);
    },
  );
});
