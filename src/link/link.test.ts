// Load, validate and link: a table of broken manifests (and specs), each with
// the exact message generation must give, `file:line:col` included (a manifest
// that disagrees with its spec, or a spec changed under it:
// spec-disagreements.test.ts).
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { shelfProblems } from "../../test-support/generation-problems.js";
import { loadProvider } from "../emit/link-provider.js";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "../../test-support/fixtures/specs/shelf");
/** Copy the fixture, apply text edits, and return every generation error. */
const { freshRoot, problems } = shelfProblems();

const M = "specs/shelf/manifest.yaml";

describe("the fixture", () => {
  it("links without problems", async () => {
    expect(await problems([])).toEqual([]);
  });
});

describe("broken manifests", () => {
  const table: { name: string; edits: Parameters<typeof problems>[0]; expected: string[] }[] = [
    {
      name: "invalid YAML",
      edits: [{ find: "name: Shelf\n", replace: "name: [Shelf\n" }],
      expected: [
        `${M}:3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      ],
    },
    {
      name: "an unknown field (a typo)",
      edits: [{ find: "        maximum: 50\n", replace: "        maxium: 50\n" }],
      expected: [
        `${M}:40:9: operations.shelf_list_books.params.top: unknown field "maxium" (allowed: type, title, ` +
          `description, required, default, nullable, sendDefault, integer, minimum, maximum, exclusiveMinimum, ` +
          `exclusiveMaximum, multipleOf, minLength, maxLength, pattern, patternHint, knownValues, enum, ` +
          `limitsFromSpec, caseInsensitive, separator, format, jsonType, minItems, maxItems, forbiddenKeys, keys, ` +
          `values, items, anyOf, secret, visibility, placeholder, example, wire, maxBytes, contentType, multiple)`,
      ],
    },
    {
      name: "a missing required field",
      edits: [{ find: "    title: List books\n", replace: "" }],
      expected: [`${M}:24:3: operations.shelf_list_books: missing required field "title"`],
    },
    {
      name: "a wrong parameter type name",
      edits: [{ find: "      top:\n        type: number", replace: "      top:\n        type: integer" }],
      expected: [
        `${M}:37:15: operations.shelf_list_books.params.top.type: must be one of "string", "number", ` +
          `"boolean", "json", "file", got "integer"`,
      ],
    },
    {
      name: "an unknown wire location",
      edits: [{ find: "wire: { in: query, name: $top }", replace: "wire: { in: querystring, name: $top }" }],
      expected: [
        `${M}:43:15: operations.shelf_list_books.params.top.wire: "in" has an unsupported value "querystring" ` +
          `(allowed: path, query, header, cookie, body, switch)`,
      ],
    },
    {
      name: "an unquoted colour (YAML reads # as a comment)",
      edits: [{ find: 'color: "#123456"', replace: "color: #123456" }],
      expected: [
        `${M}:4:8: color: must be string, got an empty value (in YAML, quote values that start with #: ` +
          `an unquoted # starts a comment)`,
      ],
    },
    {
      name: "an output with both from and value",
      edits: [
        {
          find: '        from: "$response.body#/total"\n',
          replace: '        from: "$response.body#/total"\n        value: 3\n',
        },
      ],
      expected: [
        `${M}:63:7: operations.shelf_list_books.outputs.metadata.total: an output takes exactly one of "from" ` +
          `(an expression) or "value" (a constant)`,
      ],
    },
    {
      name: "a credential that is not secret",
      edits: [
        { find: "    secret: true\n    description: Shelf API key.", replace: "    description: Shelf API key." },
      ],
      expected: [`${M}:17:3: params.apiKey: the credential parameter "apiKey" must be marked secret: true`],
    },
    {
      name: "a default outside the parameter's own limits",
      edits: [{ find: "        default: 10\n", replace: "        default: 80\n" }],
      expected: [
        `${M}:41:18: operations.shelf_list_books.params.top.default: default 80 breaks the parameter's rules: ` +
          `top: must be at most 50 (allowed: 1–50), got 80`,
      ],
    },
    {
      name: "a default written as text (the runtime sends a default as it is written)",
      edits: [{ find: "        default: 10\n", replace: '        default: "10"\n' }],
      expected: [
        `${M}:41:18: operations.shelf_list_books.params.top.default: default "10" breaks the parameter's ` +
          `rules: top: must be a number, written as one (not as text), got "10"`,
      ],
    },
    {
      name: "a rule naming an unknown parameter",
      edits: [{ find: "        dependsOn: format", replace: "        dependsOn: formats" }],
      expected: [`${M}:120:20: operations.shelf_add_book.rules.0.dependsOn: unknown parameter "formats"`],
    },
    {
      name: "an outcome for an undeclared status",
      edits: [
        {
          find: '      "404":\n        description: The shelf',
          replace: '      "410":\n        description: The shelf',
        },
      ],
      expected: [
        `${M}:68:7: operations.shelf_list_books.outcomes.410: status 410 is not declared for "listBooks" in ` +
          `specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "a polling state the output cannot take",
      edits: [{ find: "terminal: [ready, failed]", replace: "terminal: [ready, done]" }],
      expected: [
        `${M}:169:7: operations.shelf_get_book.polling.terminal: state "done" is not a value of "state" in ` +
          `specs/shelf/openapi.yaml (pending, ready, failed)`,
      ],
    },
    {
      name: "a polled output whose source is not an expression (reported once, where it is written)",
      edits: [
        {
          find: '        from: "$response.body#/state"\n        description: Processing state.\n    polling:',
          replace: '        from: "$response.body#state"\n        description: Processing state.\n    polling:',
        },
      ],
      expected: [
        `${M}:164:15: operations.shelf_get_book.outputs.state.from: a JSON pointer starts with "/", got "state"`,
      ],
    },
    {
      name: "free text sent in the path without a maximum length",
      edits: [
        {
          find: "      bookId:\n        type: string\n        maxLength: 64\n",
          replace: "      bookId:\n        type: string\n",
        },
      ],
      expected: [
        `${M}:150:7: operations.shelf_get_book.params.bookId: "bookId" is sent as a path parameter, ` +
          `so it needs maxLength (an unbounded value can make the upstream answer 414 or 431; an enum, ` +
          `a format or a pattern anchored with ^…$ of bounded length would imply one)`,
      ],
    },
    {
      name: "a polling interval below the provider's floor",
      edits: [{ find: "      minIntervalMs: 100", replace: "      minIntervalMs: 2000" }],
      expected: [`${M}:170:19: operations.shelf_get_book.polling.intervalMs: 1000 is below minIntervalMs 2000`],
    },
    {
      name: "a pattern other than the spec's (a manifest may not loosen a pattern)",
      edits: [
        {
          find:
            '        pattern: "^[a-z0-9-]+$"\n        description: The shelf.\n        wire: { in: ' +
            "path }\n      top:",
          replace: '        pattern: ".*"\n        description: The shelf.\n        wire: { in: path }\n      top:',
        },
      ],
      expected: [
        `${M}:33:18: operations.shelf_list_books.params.shelfId.pattern: pattern ".*" is not path parameter ` +
          `"shelfId"'s pattern "^[a-z0-9-]+$" in specs/shelf/openapi.yaml (a manifest pattern must be the ` +
          `spec's; restrict further with enum or maxLength)`,
      ],
    },
    {
      name: "a body field the spec requires, declared optional",
      edits: [
        {
          find: "      title:\n        type: string\n        required: true\n",
          replace: "      title:\n        type: string\n",
        },
      ],
      expected: [
        `${M}:86:7: operations.shelf_add_book.params.title: specs/shelf/openapi.yaml requires body field ` +
          `"/title" for "addBook", so "title" must be required: true or have a default that is sent (the request ` +
          `would go out without it)`,
      ],
    },
    {
      name: "an example that breaks its parameter's rules",
      edits: [
        {
          find: "        maximum: 50\n        default: 10\n",
          replace: "        maximum: 50\n        default: 10\n        example: 51\n",
        },
      ],
      expected: [
        `${M}:42:18: operations.shelf_list_books.params.top.example: example 51 breaks the parameter's rules: ` +
          `top: must be at most 50 (allowed: 1–50), got 51`,
      ],
    },
    {
      name: "a dependent limit looser than the parameter's own",
      edits: [{ find: "limits: { audio: { maxLength: 80 } }", replace: "limits: { audio: { maxLength: 300 } }" }],
      expected: [
        `${M}:125:39: operations.shelf_add_book.rules.1.limits.audio.maxLength: ` +
          `300 is looser than "title"'s maxLength 200`,
      ],
    },
    {
      name: "forbidden keys on a parameter that is not a JSON object",
      edits: [
        {
          find: "        description: Title of the book.\n",
          replace: "        description: Title of the book.\n        forbiddenKeys: { keys: [id] }\n",
        },
      ],
      expected: [
        `${M}:92:9: operations.shelf_add_book.params.title.forbiddenKeys: forbiddenKeys applies to json ` +
          `parameters with jsonType: object`,
      ],
    },
    {
      name: "a header parameter on a header a switch sends (header names in any case)",
      edits: [
        {
          find: "      eventual:\n        type: boolean\n",
          replace:
            "      consistency:\n        type: string\n        maxLength: 20\n        enum: " +
            "[eventual]\n        description: Consistency level.\n        wire: { in: header, name: " +
            "consistency }\n      eventual:\n        type: boolean\n",
        },
      ],
      expected: [
        `${M}:56:15: operations.shelf_list_books.params.eventual.wire.whenTrue.0: ` +
          `header "Consistency" is already sent by parameter "consistency"`,
      ],
    },
    {
      name: "a provider id that differs from its folder",
      edits: [{ find: "provider: shelf", replace: "provider: shelves" }],
      expected: [`${M}:1:11: provider: "shelves" must match its folder name "shelf"`],
    },
    {
      name: "a read-only operation marked destructive",
      edits: [
        {
          find: "    title: Add book\n",
          replace: "    title: Add book\n    behavior: { readOnly: true, destructive: true }\n",
        },
      ],
      expected: [
        `${M}:77:33: operations.shelf_add_book.behavior.destructive: an operation that is readOnly cannot be ` +
          `destructive`,
      ],
    },
    {
      name: "an unknown behaviour field",
      edits: [{ find: "    title: Add book\n", replace: "    title: Add book\n    behavior: { safe: true }\n" }],
      expected: [
        `${M}:77:17: operations.shelf_add_book.behavior: unknown field "safe" (allowed: readOnly, ` +
          `destructive, idempotent, openWorld)`,
      ],
    },
  ];

  // The credential's name comes from the OpenAPI document, and is placed in generated code and docs.
  const O = "specs/shelf/openapi.yaml";
  table.push(
    {
      name: "an apiKey header name that is not a token (text that would end a comment)",
      edits: [
        { file: "openapi.yaml", find: "name: X-Shelf-Key", replace: 'name: "X-Key */ globalThis.pwned = 1; /*"' },
      ],
      expected: [
        `${O}:136:13: components.securitySchemes.shelfKey.name: a header name is a token (letters, ` +
          `digits and !#$%&'*+-.^_\`|~), got "X-Key */ globalThis.pwned = 1; /*"`,
      ],
    },
    {
      name: "an apiKey query key with a line break",
      edits: [
        {
          file: "openapi.yaml",
          find: "in: header\n      name: X-Shelf-Key",
          replace: 'in: query\n      name: "key\\nglobalThis.pwned = 1"',
        },
      ],
      expected: [
        `${O}:136:13: components.securitySchemes.shelfKey.name: a query key here is letters, digits and - . ` +
          `_ ~ $ [ ], got "key\\nglobalThis.pwned = 1"`,
      ],
    },
  );

  // Names the generated code derives: each must stay distinct where it lands.
  table.push(
    {
      name: "two operation ids that give the same TypeScript names",
      edits: [{ find: "  shelf_get_book:\n", replace: "  shelf_list__books:\n" }],
      expected: [
        `${M}:24:3: operations.shelf_list_books: operation ids "shelf_list__books" and "shelf_list_books" ` +
          `give the same names in the generated code (shelfListBooksTool, ShelfListBooksParams); rename one`,
      ],
    },
    {
      name: "a parameter named like the block's operation selector",
      edits: [{ find: "      eventual:\n", replace: "      operation:\n" }],
      expected: [
        `${M}:44:7: operations.shelf_list_books.params.operation: "operation" is the name of the block input ` +
          `that selects the operation; choose another name`,
      ],
    },
    {
      name: "an output that also holds other outputs",
      edits: [
        {
          find: "    outputs:\n      data:\n        type: array\n",
          replace:
            "    outputs:\n      metadata: { type: json, from: $response.body, optional: true, description: " +
            "All. }\n      data:\n        type: array\n",
        },
      ],
      expected: [
        `${M}:59:7: operations.shelf_list_books.outputs.metadata.count: output "metadata" is a value, ` +
          `so it cannot also hold "metadata.count"; rename one`,
        `${M}:64:7: operations.shelf_list_books.outputs.metadata.total: output "metadata" is a value, ` +
          `so it cannot also hold "metadata.total"; rename one`,
      ],
    },
  );

  for (const row of table) {
    it(`refuses ${row.name}`, async () => {
      expect(await problems(row.edits)).toEqual(row.expected);
    });
  }
});

describe("credentials", () => {
  for (const type of ["oauth2", "openIdConnect"]) {
    it(`sends the access token of an ${type} scheme as a bearer token`, async () => {
      const scheme =
        type === "oauth2"
          ? "type: oauth2\n      flows:\n        clientCredentials:\n          tokenUrl: " +
            "https://auth.shelf.test/token\n          scopes: {}"
          : "type: openIdConnect\n      openIdConnectUrl: https://auth.shelf.test/.well-known/openid-configuration";
      const root = freshRoot();
      const dir = join(root, "specs", "shelf");
      cpSync(fixture, dir, { recursive: true });
      const file = join(dir, "openapi.yaml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace("type: apiKey\n      in: header\n      name: X-Shelf-Key", scheme),
      );
      const ir = await loadProvider(root, dir);
      expect(ir.auth).toEqual({ type: "bearer", param: "apiKey" });
    });
  }

  it("refuses a scheme the runtime does not send, naming those it does", async () => {
    expect(
      await problems([
        {
          file: "openapi.yaml",
          find: "type: apiKey\n      in: header\n      name: X-Shelf-Key",
          replace: "type: http\n      scheme: digest",
        },
      ]),
    ).toEqual([
      `${M}:10:11: auth.scheme: security scheme "shelfKey" is of an unsupported kind (http digest); ` +
        `supported: http bearer, http basic, another http scheme whose credentials the caller gives (sent after ` +
        `its name in Authorization; not digest or another answering the server's challenge), apiKey in a header, ` +
        `the query or a cookie, oauth2 and openIdConnect (the access token, as a bearer token)`,
    ]);
  });
});

describe("request and reply limits", () => {
  it(
    "carry limits.requestHeadBytes and limits.replyBytes " + "to every tool's server, where the runtime checks them",
    async () => {
      const root = freshRoot();
      const dir = join(root, "specs", "shelf");
      cpSync(fixture, dir, { recursive: true });
      const file = join(dir, "manifest.yaml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(
          "server:\n  default: https://api.shelf.test\n",
          "server:\n  default: https://api.shelf.test\nlimits:\n  requestHeadBytes: 8192\n  replyBytes: 1048576\n",
        ),
      );
      const ir = await loadProvider(root, dir);
      expect(ir.operations.map((op) => op.tool.server)).toEqual(
        ir.operations.map(() => ({ default: "https://api.shelf.test", requestHeadBytes: 8192, replyBytes: 1048576 })),
      );
    },
  );

  it("refuse a reply limit smaller than any reply worth reading", async () => {
    expect(
      await problems([
        {
          find: "server:\n  default: https://api.shelf.test\n",
          replace: "server:\n  default: https://api.shelf.test\nlimits:\n  replyBytes: 10\n",
        },
      ]),
    ).toEqual([expect.stringContaining("limits.replyBytes")]);
  });

  it("refuse a limit no HTTP request fits", async () => {
    expect(
      await problems([
        {
          find: "server:\n  default: https://api.shelf.test\n",
          replace: "server:\n  default: https://api.shelf.test\nlimits:\n  requestHeadBytes: 100\n",
        },
      ]),
    ).toEqual([expect.stringContaining("limits.requestHeadBytes")]);
  });
});
