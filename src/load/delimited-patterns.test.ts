// A pattern written between slashes (`/^[a-z]+$/`) matches no text as JSON
// Schema reads it: on load it is read as what is between them, with a
// warning at its place, before the examples are checked against it (so the
// upstream's example that meets it is kept). Patterns the slashes leave
// matchable, a property called `pattern` and example data are left as written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOpenApi } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-delimited-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const document = `openapi: 3.0.3
info: { title: Zq accounts, version: "1" }
paths:
  /zq-accounts/{name}:
    get:
      operationId: getZqAccount
      parameters:
        - name: name
          in: path
          required: true
          schema: { type: string, pattern: "/^[a-z0-9._]+$/" }
      responses:
        "200":
          description: The account.
          content:
            application/json:
              schema:
                type: object
                properties:
                  name: { type: string, pattern: "/^[a-z0-9._]+$/", example: zqchocobo }
                  path: { type: string, pattern: "/zq-accounts/" }
                  pattern: { type: string, example: "/^kept$/" }
              example: { name: zqchocobo, path: /zq-accounts/zqchocobo, pattern: "/^kept$/" }
`;

describe("a pattern written between slashes", () => {
  it("is read as what is between them, with a warning at its place; the example that meets it is kept", async () => {
    const file = join(dir, "openapi.yaml");
    writeFileSync(file, document);
    const loaded = await loadOpenApi(file, dir);
    // biome-ignore lint/suspicious/noExplicitAny: the loaded document is read field by field
    const get = (loaded.source.data as any).paths["/zq-accounts/{name}"].get;
    const media = get.responses["200"].content["application/json"];
    const schema = media.schema;
    expect(get.parameters[0].schema.pattern).toBe("^[a-z0-9._]+$");
    expect(schema.properties.name.pattern).toBe("^[a-z0-9._]+$");
    // Matchable as written (a text holding "/zq-accounts/"): left alone; so are a property named pattern and example
    // data.
    expect(schema.properties.path.pattern).toBe("/zq-accounts/");
    expect(schema.properties.pattern).toEqual({ type: "string", example: "/^kept$/" });
    expect(media.example).toEqual({ name: "zqchocobo", path: "/zq-accounts/zqchocobo", pattern: "/^kept$/" });
    expect(loaded.warnings.map((w) => w.printed)).toEqual([
      'openapi.yaml:11:44: pattern "/^[a-z0-9._]+$/" is written between slashes, as a JavaScript literal, ' +
        'which no text matches: read as "^[a-z0-9._]+$" [BW1206]',
      'openapi.yaml:20:50: pattern "/^[a-z0-9._]+$/" is written between slashes, as a JavaScript literal, ' +
        'which no text matches: read as "^[a-z0-9._]+$" [BW1206]',
    ]);
  });

  it(
    "in a file the document refers to: read so there too, " + "its example kept, the warning at that file's place",
    async () => {
      const sub = join(dir, "zq-multi");
      mkdirSync(sub, { recursive: true });
      writeFileSync(
        join(sub, "openapi.yaml"),
        `openapi: 3.0.3
info: { title: Zq accounts, version: "1" }
paths:
  /zq-accounts:
    get:
      operationId: getZqAccount
      responses:
        "200":
          description: The account.
          content:
            application/json:
              schema: { $ref: "schemas.yaml#/ZqAccount" }
`,
      );
      writeFileSync(
        join(sub, "schemas.yaml"),
        `ZqAccount:
  type: object
  properties:
    name: { type: string, pattern: "/^[a-z]+$/", example: zqchocobo }
`,
      );
      const loaded = await loadOpenApi(join(sub, "openapi.yaml"), dir);
      expect(JSON.stringify(loaded.source.data)).toContain('"pattern":"^[a-z]+$"');
      expect(loaded.warnings.map((w) => w.printed)).toEqual([
        'zq-multi/schemas.yaml:4:36: pattern "/^[a-z]+$/" is written between slashes, as a JavaScript literal, ' +
          'which no text matches: read as "^[a-z]+$" [BW1206]',
      ]);
    },
  );
});

describe(
  "a pattern with identity escapes (\\- outside a class, \\_, \\\"), which JSON Schema's Unicode reading " + "refuses",
  () => {
    it(
      "is read without them (the same matches), between slashes too; an escaped - in a class is kept; a brace " +
        "that is no count ({,2}, {1-70}) and a lone } or ] read as the character, as ECMAScript reads them without " +
        "the Unicode flag; one that cannot compile either way is left as written",
      async () => {
        const file = join(dir, "escapes.yaml");
        writeFileSync(
          file,
          `openapi: 3.0.3
info: { title: Zq escapes, version: "1" }
paths:
  /zq-times:
    get:
      operationId: getZqTimes
      parameters:
        - { name: at, in: header, schema: { type: string, pattern: '/^\\d{2}(\\-|\\+)\\d{2}$/' } }
        - { name: code, in: query, schema: { type: string, pattern: '^zq\\_[a\\-z]+\\"$' } }
        - { name: size, in: query, schema: { type: string, pattern: '[a-z]{1-70}' } }
        - { name: span, in: query, schema: { type: string, pattern: '^1[0-9]{,2}}]$' } }
        - { name: part, in: query, schema: { type: string, pattern: '^(zq{,2}$' } }
      responses:
        "200": { description: ok }
`,
        );
        const loaded = await loadOpenApi(file, dir);
        // biome-ignore lint/suspicious/noExplicitAny: the loaded document is read field by field
        const parameters = (loaded.source.data as any).paths["/zq-times"].get.parameters;
        expect(parameters.map((p: { schema: { pattern: string } }) => p.schema.pattern)).toEqual([
          "^\\d{2}(-|\\+)\\d{2}$",
          '^zq_[a\\-z]+"$',
          "[a-z]\\{1-70\\}",
          "^1[0-9]\\{,2\\}\\}\\]$",
          "^(zq{,2}$",
        ]);
      },
    );
  },
);
