// A `$ref` that is a name, not a reference (`ZqParam`: no `#`, no folder, no extension, no file of that name), where
// a parameter, a response, a request body, a header or an example stands. A schema's was drafted as a schema of any
// value; elsewhere add refused the operations saying the name "points outside the document … bundle into one file",
// which no bundle mends, and a header's was kept as written, so that the draft "linked" and generate refused it. Each
// is now read as a `$ref` to `#/components/…` that names nothing is there: a response or a header gets a stand-in, a
// parameter, a request body or an example refuses the draft saying it is a name. Swagger 2.0 is read alike after its
// conversion, and a name is never read as the component the document defines under that name: a note names both. A
// group (`--operations all`) leaves out the operations reaching a name where no stand-in goes, named in a note.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-name-ref-places-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");

const ok = { description: "ok", content: { "application/json": { schema: { type: "object" } } } };
const paths = {
  "/zqa": { get: { operationId: "getZqA", parameters: [{ $ref: "ZqParam" }], responses: { "200": ok } } },
  "/zqb": { get: { operationId: "getZqB", responses: { "200": { $ref: "ZqAnswer" } } } },
  "/zqc": { post: { operationId: "postZqC", requestBody: { $ref: "ZqBody" }, responses: { "200": ok } } },
  "/zqd": {
    get: { operationId: "getZqD", responses: { "200": { ...ok, headers: { "X-Zq-Left": { $ref: "ZqHeader" } } } } },
  },
  "/zqe": {
    get: {
      operationId: "getZqE",
      responses: { "200": { ...ok, content: { "application/json": { examples: { one: { $ref: "ZqEx" } } } } } },
    },
  },
};
writeFileSync(
  join(dir, "zq.json"),
  JSON.stringify({
    openapi: "3.0.0",
    info: { title: "Zq", version: "1" },
    servers: [{ url: "https://api.zq.example" }],
    paths,
  }),
);
writeFileSync(
  join(dir, "zq2.yaml"),
  `swagger: "2.0"
info: {title: Zq, version: "1"}
host: api.zq.example
schemes: [https]
produces: [application/json]
paths:
  /zqpets:
    get:
      operationId: listZqPets
      responses:
        "200": {description: ok, schema: {type: array, items: {$ref: ZqPet}}}
  /zqpets/{id}:
    get:
      operationId: getZqPet
      parameters: [{name: id, in: path, required: true, type: integer}]
      responses:
        "200": {$ref: ZqPetAnswer}
  /zqowners:
    get:
      operationId: listZqOwners
      parameters: [{$ref: ZqLimit}]
      responses:
        "200": {description: ok, schema: {$ref: "#/definitions/ZqPet"}}
parameters:
  ZqLimit: {name: limit, in: query, type: integer}
responses:
  ZqPetAnswer: {description: ok, schema: {$ref: "#/definitions/ZqPet"}}
definitions:
  ZqPet: {type: object, properties: {id: {type: integer}}}
`,
);
const add = (provider: string, from: string, operations: string) =>
  cli(["add", provider, "--from", from, "--operations", operations], { cwd: dir });

describe("a $ref that is a name, where no schema stands", () => {
  it("in a parameter, a request body or an example, refuses the draft saying it is a name", async () => {
    for (const [operation, said] of [
      ["getZqA", '"ZqParam" (a parameter of GET /zqa)'],
      ["postZqC", '"ZqBody" (a request body of POST /zqc)'],
      ["getZqE", '"ZqEx" (an example of GET /zqe)'],
    ] as const) {
      const r = await add("zqrefused", "zq.json", operation);
      expect(r.code, operation).toBe(2);
      expect(r.stderr).toContain(`$ref ${said} is a name, not a reference: no file and no place in the document`);
      expect(r.stderr).toContain("[BW3010]");
      expect(r.stderr).not.toMatch(/points outside the document|bundle the document/);
    }
  });

  it("in a parameter, a request body or an example, leaves that operation out of a group, with a note", async () => {
    const r = await add("zqgroup", "zq.json", "all");
    expect(r.code, r.stderr).toBe(0);
    const cut = readFileSync(join(dir, "specs/zqgroup/openapi.yaml"), "utf8");
    for (const kept of ["getZqB", "getZqD"]) expect(cut).toContain(`operationId: ${kept}`);
    for (const out of ["getZqA", "postZqC", "getZqE"]) expect(cut).not.toContain(`operationId: ${out}`);
    const manifest = readFileSync(join(dir, "specs/zqgroup/manifest.yaml"), "utf8").replace(/\n#\s+/g, " ");
    expect(manifest).toContain("left out 3 operations of the group taken");
    for (const said of [
      'getZqA (its $ref "ZqParam" (a parameter of GET /zqa) is a name, not a reference',
      'postZqC (its $ref "ZqBody" (a request body of POST /zqc) is a name, not a reference',
      'getZqE (its $ref "ZqEx" (an example of GET /zqe) is a name, not a reference',
    ])
      expect(manifest).toContain(said);
  });

  it("in a response or a header, is a stand-in with a note, and the draft generates", async () => {
    const r = await add("zqstood", "zq.json", "getZqB,getZqD");
    expect(r.code, r.stderr).toBe(0);
    const cut = readFileSync(join(dir, "specs/zqstood/openapi.yaml"), "utf8");
    expect(cut).toContain("$ref: '#/components/responses/ZqAnswer'");
    expect(cut).toContain("$ref: '#/components/headers/ZqHeader'");
    expect(cut).toContain('refers to the header "ZqHeader", a name that is no file and no place in it');
    expect(cut).not.toMatch(/\$ref: Zq/);
    expect(readFileSync(join(dir, "specs/zqstood/manifest.yaml"), "utf8")).toMatch(
      /defines nowhere\s+#\s+\(components\.responses\.ZqAnswer, components\.headers\.ZqHeader\)/,
    );
    const generated = await cli(["generate", "--provider", "zqstood"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
  });
});

describe("a Swagger 2.0 document's $ref that is a name", () => {
  it("is read as in OpenAPI 3, never as the definition of that name, with a note naming both", async () => {
    const r = await add("zqswagger", "zq2.yaml", "listZqPets,getZqPet");
    expect(r.code, r.stderr).toBe(0);
    const cut = readFileSync(join(dir, "specs/zqswagger/openapi.yaml"), "utf8");
    expect(cut).toContain("$ref: '#/components/schemas/ZqPet_2'");
    expect(cut).toContain("$ref: '#/components/responses/ZqPetAnswer_2'");
    const manifest = readFileSync(join(dir, "specs/zqswagger/manifest.yaml"), "utf8").replace(/\n#\s+/g, " ");
    expect(manifest).toContain(
      'reads the $ref "ZqPet", a name, not a reference, as components.schemas.ZqPet_2 (any value is accepted), ' +
        "not as components.schemas.ZqPet, which the published document defines under that name",
    );
    expect(manifest).toContain("as components.responses.ZqPetAnswer_2 (its body is not known), not as");

    const refused = await add("zqswagger2", "zq2.yaml", "listZqOwners");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('$ref "ZqLimit" (a parameter of GET /zqowners) is a name, not a reference');
  });
});
