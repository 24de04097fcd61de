// The problems of loading files, BW1xxx: YAML and JSON, the manifest's schema, OpenAPI documents:
// rows of the problems' table, joined with the other areas' in src/common/problem-codes.ts.
import type { ProblemInfo } from "./problem-info.js";

export const LOADING_PROBLEMS = {
  BW1001: {
    meaning: "The file is not valid YAML (or JSON).",
    example: "invalid YAML: Implicit keys need to be on a single line",
    fix: "Correct the syntax at the position given; a YAML linter shows the same place.",
  },
  BW1002: {
    meaning: "A value is nested deeper than Blockwright reads.",
    example: "refused: the value there is nested more than 64 levels deep",
    fix: "Flatten the value; no real manifest, workflow or API document nests so deep.",
  },
  BW1003: {
    meaning: "The input is not a file that can be read: a folder, a device or pipe, or missing.",
    example: "is a folder, not a file",
    fix: "Name a regular file.",
  },
  BW1004: {
    meaning: "The input is larger than Blockwright reads (its size, or the values its YAML aliases expand to).",
    example: "is 80.0 MiB, over the 64 MiB limit for an OpenAPI or published API document: refused before parsing",
    fix:
      "Cut the file down (for an API document, `blockwright add --operations` keeps only what you use); " +
      "write aliases out.",
  },
  BW1005: {
    meaning: "The file is not UTF-8 text.",
    example: "is not UTF-8 text: byte 0xff at line 3, column 7 (save it as UTF-8)",
    fix: "Save the file as UTF-8.",
  },
  BW1101: {
    meaning: "The manifest (or another checked file) has a field its schema does not know.",
    example: 'operations.zqfoo_list: unknown field "limt" (allowed: operationId, description, params, outputs, …)',
    fix:
      "Correct the field's name (the message lists the allowed ones) or remove it; " +
      "docs/reference/manifest.md lists every field.",
  },
  BW1102: {
    meaning: "A required field is missing.",
    example: 'operations.zqfoo_list: missing required field "operationId"',
    fix: "Add the field named.",
  },
  BW1103: {
    meaning: "A field's value is not one of the values it allows.",
    example: 'params.limit.type: must be one of "string", "number", "boolean", "json", got "int"',
    fix: "Use one of the values listed.",
  },
  BW1104: {
    meaning: "A field's value breaks its schema's rule (its type, format, pattern or range).",
    example: 'params.limit.minimum: must be number, got "one"',
    fix: "Give a value of the kind the message says.",
  },
  BW1105: {
    meaning: "A value matches none of the forms the field allows.",
    example: "outputs.total: give from, value, or count",
    fix: "Write the value in one of the forms named (docs/reference/manifest.md shows each).",
  },
  BW1106: {
    meaning: "A key is not a valid name there.",
    example: 'params: invalid name "Page Size"',
    fix: "Rename the key: names are letters, digits and underscores, as the schema says.",
  },
  BW1107: {
    meaning: "A value is empty where one is needed: often an unquoted `#`, which starts a YAML comment.",
    example:
      "params.color.example: must be string, got an empty value (in YAML, quote values that start with #: " +
      "an unquoted # starts a comment)",
    fix: 'Quote the value: `example: "#ff0000"`.',
  },
  BW1201: {
    meaning: "The document is not OpenAPI 3.0, 3.1 or 3.2.",
    example:
      'swagger: "2.0" is Swagger 2; generation reads OpenAPI 3.0 or 3.1 (convert it first, e.g. with swagger2openapi)',
    fix: "Convert the document to OpenAPI 3 (`blockwright add` converts Swagger 2 when it drafts a provider).",
  },
  BW1202: {
    meaning: "Two operations of the document have the same operationId.",
    example: 'operationId "listItems" is already used by GET /items (openapi.yaml:12:20): operation ids must be unique',
    fix: "Give each operation its own operationId.",
  },
  BW1203: {
    meaning:
      "A `$ref` does not resolve: no such file, no such place in it, or a file outside the folders references " +
      "may read.",
    example: '$ref "./schemas/item.yaml" does not resolve: ENOENT: no such file or directory',
    fix:
      "Correct the reference; a file outside the specs folder must be in `blockwright.externalRefFolders` of " +
      "package.json.",
  },
  BW1204: {
    meaning: "An example in the OpenAPI document does not match its schema.",
    example: "the example of the 200 response of listItems does not match its schema: /0/id must be integer",
    fix:
      "Correct the example or the schema: mocks and the contract suite answer with the examples. An example the " +
      "vendor published so, in a spec written from its document: pin that document (`blockwright upstream <p> " +
      "<document> --accept`); the example is then a warning and left out.",
  },
  BW1205: {
    meaning:
      "A schema of the OpenAPI document cannot be compiled, so an example cannot be checked against it (a warning " +
      "where the example is the published document's own: it is left out).",
    example: "the schema of the 200 response of listItems cannot be used: unknown format",
    fix: "Correct the schema at the position given.",
  },
  BW1206: {
    meaning:
      "A schema's pattern is written between slashes, as a JavaScript literal (a warning): " +
      "no text matches it as written, so it is read as what is between them.",
    example:
      'pattern "/^[a-z]+$/" is written between slashes, as a JavaScript literal, which no text matches: ' +
      'read as "^[a-z]+$"',
    fix: "Write the pattern without the slashes (JSON Schema patterns take no delimiters).",
  },
  BW1207: {
    meaning:
      "A discriminator names a kind whose schema is neither an object nor an allOf (a union of its own), by a bare " +
      "name, or names nothing (a warning): the typed client's type of that kind does not carry its value.",
    example:
      'discriminator "type" names "lambda" by "#/components/schemas/LambdaTool", a schema that is neither an object ' +
      'nor an allOf (a union of its own): the typed client\'s type of that kind does not carry its "type" value',
    fix: "Map the value to an object or allOf schema of the kind, by a `#/components/schemas/` reference.",
  },
  BW1301: {
    meaning: "The manifest's `provider` is not the name of its folder.",
    example: 'provider: "zqshop" must match its folder name "zqstore"',
    fix: "Rename the folder or the provider: they are the same id.",
  },
  BW1302: {
    meaning: "The OpenAPI file the manifest names is not there.",
    example: "openapi: file specs/zqfoo/openapi.yml not found",
    fix: "Correct `openapi:` (a path relative to the manifest).",
  },
  BW1303: {
    meaning: "The project's package.json gives a Blockwright setting or link Blockwright cannot use.",
    example:
      "blockwright.scope: must be an npm scope such as @acme (the provider packages are named " +
      '<scope>/<provider>), got "acme"',
    fix: "Correct the value as the message says.",
  },
} as const satisfies Record<`BW1${number}`, ProblemInfo>;
