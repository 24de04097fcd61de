// Every problem Blockwright reports about its input has a stable code, so a
// user can look it up (docs/reference/problems.md is written from this table
// by `npm run docs`) and a test can assert which problem it got, not its
// wording. A problem's constructor takes a `ProblemCode`: a new kind of
// problem does not compile until it has a row here.

export interface ProblemInfo {
  /** What is wrong, in one sentence. */
  meaning: string;
  /** A message of this kind, as printed (after `file:line:col:`). */
  example: string;
  /** What to change. */
  fix: string;
}

/** The areas, by the code's first digit. */
export const PROBLEM_AREAS = {
  1: "Loading files: YAML and JSON, the manifest's schema, OpenAPI documents",
  2: "Linking a manifest to its OpenAPI document",
  3: "Command-line usage",
  4: "Workflows",
} as const;

export const PROBLEMS = {
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
    fix: "Correct the example or the schema: mocks and the contract suite answer with the examples.",
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
  BW2001: {
    meaning: "The manifest names a parameter it does not declare.",
    example: 'unknown parameter "cursor"',
    fix: "Declare the parameter under the operation's (or the shared) `params`, or correct the name.",
  },
  BW2002: {
    meaning: "An operation the manifest names is not in the OpenAPI document.",
    example: 'operation "listItems" not found in openapi.yaml (operations: createItem, getItem)',
    fix: "Use an operationId of the document (the message lists them).",
  },
  BW2003: {
    meaning: "A parameter, body field, response field or security scheme the manifest names is not in the document.",
    example:
      'query parameter "per_page" not found in operation "listItems" of openapi.yaml (its query parameters: ' +
      "limit, page)",
    fix: "Correct the name or pointer; the message lists what is there.",
  },
  BW2004: {
    meaning: "A setting applies to another type of parameter or value.",
    example: "maxLength applies to string parameters, not number",
    fix: "Remove the setting or change the parameter's type.",
  },
  BW2005: {
    meaning: "Two settings contradict each other (a minimum above its maximum, a state both pending and terminal).",
    example: "minimum 10 is above maximum 5",
    fix: "Make the settings agree.",
  },
  BW2006: {
    meaning: "A manifest limit is looser than the OpenAPI document's, so a call could send what the upstream refuses.",
    example: 'maxLength 500 is looser than query parameter "q"\'s maxLength 100 in openapi.yaml',
    fix: "Use the document's limit, or a tighter one.",
  },
  BW2007: {
    meaning: "A parameter's type, format, pattern or values disagree with what the document declares.",
    example: 'type string disagrees with query parameter "limit", which is integer in openapi.yaml',
    fix: "Declare what the document declares (restrict further with enum or maxLength).",
  },
  BW2008: {
    meaning: "A pattern is not a usable regular expression (ECMAScript, `u` flag).",
    example:
      '"[a-z" is not a valid regular expression (Invalid regular expression: /[a-z/u: Unterminated character class)',
    fix: "Correct the pattern.",
  },
  BW2009: {
    meaning: "A value the manifest gives (a default, example, placeholder or constant) breaks the rules it must meet.",
    example: "default 500 breaks the parameter's rules: must be at most 100",
    fix: "Give a value that meets the rules, or change the rules.",
  },
  BW2010: {
    meaning: "The document requires a parameter, body or body field that nothing the manifest declares supplies.",
    example:
      'openapi.yaml requires query parameter "account" for "listItems", but no parameter or constant supplies it',
    fix:
      "Declare a parameter placed there (`wire`), or a constant, and make it required or give it a default that " +
      "is sent.",
  },
  BW2011: {
    meaning: "Something is declared twice, or two declarations collide.",
    example: 'query "limit" is already sent by parameter "pageSize"',
    fix: "Keep one of them, or rename one.",
  },
  BW2012: {
    meaning:
      "A credential, secret or OAuth 2 parameter breaks the rules that keep secrets out of LLM inputs, " +
      "addresses and requests.",
    example: "a secret parameter must be user-only",
    fix: "Set what the message asks (`visibility: user-only`, `secret: true`, `required: false`, …).",
  },
  BW2013: {
    meaning: "A value sent in the address or a header has no bound on its length.",
    example:
      '"q" is sent as a query value, so it needs maxLength (an unbounded value can make the upstream answer ' +
      "414 or 431; …)",
    fix: "Give the parameter `maxLength` (or an enum, a format or an anchored pattern).",
  },
  BW2014: {
    meaning: "A parameter's rules admit no value of the lengths it allows.",
    example: 'pattern "^[a-z]{3}$" matches values of 3 characters, never 5 to 10',
    fix: "Loosen the rules, or give an example that meets them all.",
  },
  BW2015: {
    meaning: "The operation is deprecated in the document, and the manifest does not say so.",
    example:
      'operation "listOld" is deprecated in openapi.yaml: tell the tool\'s users, with deprecated: <why, ' +
      "and what to use instead>",
    fix: "Add `deprecated: <why, and what to use instead>` to the operation.",
  },
  BW2016: {
    meaning: "An expression (`$response.body#/…`, `$response.header.…`, `$request.…`) is not valid there.",
    example: "reads a parameter; it must read the reply ($response.body#/… or $response.header.…)",
    fix: "Write an expression of the kind the message names.",
  },
  BW2017: {
    meaning: "A parameter's placement (`wire`) is missing or one the runtime cannot send.",
    example: 'parameter "id" has no "wire" placement and is neither a credential (auth) nor the address parameter',
    fix: "Give the parameter a `wire` placement the document's operation takes.",
  },
  BW2018: {
    meaning: "A server address or host rule is not usable.",
    example: '"https://evil.example" names host evil.example, which server.hosts (*.zqfoo.com) does not allow',
    fix: "Correct the address, or the hosts `server.hosts` allows.",
  },
  BW2019: {
    meaning:
      "The OpenAPI document itself holds something Blockwright cannot use (a schema construct, a server, " +
      "a security scheme).",
    example: "components.schemas.Item: a schema cycle through allOf",
    fix: "Correct the document at the position given (or cut the operation out).",
  },
  BW2020: {
    meaning: "An operation id or parameter name is reserved or clashes with generated names.",
    example: 'operation ids start with the provider id: "zqfoo_…"',
    fix: "Rename as the message says.",
  },
  BW2021: {
    meaning: "A response the manifest relies on is not in the document (no 2xx, no JSON body, an undeclared status).",
    example: 'the success response of "listItems" in openapi.yaml has no JSON body',
    fix: "Declare the response in the document, or read another one.",
  },
  BW2022: {
    meaning:
      "An output, or what it reads, is not usable (not an output of the operation, the wrong type, " +
      "a field not in the response).",
    example: '"items" is not an output of the operation (outputs: id, name)',
    fix: "Correct the output's name, source or type.",
  },
  BW2023: {
    meaning: "A value the manifest names is not one of the values the parameter or field allows.",
    example: '"fast" is not a value of "mode" (slow, normal)',
    fix: "Use one of the values listed.",
  },
  BW2024: {
    meaning: "Settings that exclude each other are given together, or one needs another that is missing.",
    example: "an operation either polls a job or pages through a list, not both",
    fix: "Keep one of them, or add what the message names.",
  },
  BW2025: {
    meaning:
      "A trigger names what is not there: its event (a webhooks entry, an operation's callback), " +
      "a field of the event, or a subscription's operation or output.",
    example:
      'triggers.zqfoo_item_created.event.callback.name: operation "createHook" declares no callback ' +
      '"itemCreated" in openapi.yaml (callbacks: itemChanged)',
    fix: "Name what the document (or the manifest) has: the message lists it.",
  },
  BW2026: {
    meaning:
      "A trigger's value is not one it can use: a subscription input its parameter refuses, " +
      "a `{{…}}` serve does not fill there, or a `match` value the event cannot hold.",
    example:
      'triggers.zqfoo_item_created.subscription.create.inputs.kind: "item.made" is not a value ' +
      'zqfoo_create_hook takes (kind: must be one of item.created, item.updated, got "item.made")',
    fix:
      "Give a value the parameter (and so the document) allows, or the event's field can hold; " +
      "use only the templates the message lists.",
  },
  BW3001: {
    meaning: "An option is unknown, or given without the value it needs (or with one it does not take).",
    example: "unknown option --provder (did you mean --provider?)",
    fix: "Correct the option; `blockwright <command> --help` lists them.",
  },
  BW3002: {
    meaning: "An argument is missing, or one too many is given.",
    example: "missing <workflow>",
    fix: "Give the arguments the command's usage line names.",
  },
  BW3003: {
    meaning: "An option's value is not of the form it takes.",
    example: '--shard takes i/n with 1 ≤ i ≤ n, e.g. 1/3, got "4/3"',
    fix: "Give a value of the form the message shows.",
  },
  BW3004: {
    meaning: "Options that exclude each other are given together, or one is given without the one it goes with.",
    example: "choose one of --mock and --live",
    fix: "Drop one, or add the option named.",
  },
  BW3005: {
    meaning: "No such provider, no specs folder, or no generated packages to use.",
    example: 'unknown provider "zqfo" (did you mean "zqfoo"?) (providers: zqfoo, zqbar)',
    fix: "Name a provider of the project; run `blockwright init` or `blockwright generate` first when there are none.",
  },
  BW3006: {
    meaning: "No such operation, parameter, trigger or example of one.",
    example: 'unknown operation "zqfoo_lst" (operations: zqfoo_list, zqfoo_get)',
    fix: "Use a name the message lists.",
  },
  BW3007: {
    meaning:
      "A file or folder the command reads or writes cannot be used (missing, a folder, a symbolic link, not writable).",
    example: "--output graph.svg: cannot be written (EACCES)",
    fix: "Name a usable file or folder; Blockwright never writes through a symbolic link.",
  },
  BW3008: {
    meaning: "A secret is given in plain text, or the environment variable it refers to is not set.",
    example: "token: environment variable ZQ_TOKEN is not set",
    fix: "Pass secrets as references, `token={{ZQ_TOKEN}}`, and set the variable (or `--env-file`).",
  },
  BW3009: {
    meaning: "Standard input cannot be used as the option's value.",
    example: "--params -: standard input is not UTF-8 text",
    fix: "Pipe UTF-8 text within the size limit, or pass a file.",
  },
  BW3010: {
    meaning:
      "A file the command was given is not what it takes (a connection config, a recording, a test report, " +
      "a published document).",
    example: "--replay recordings: recordings/zqfoo.json is not a recording",
    fix: "Give the file the option names; the message says what is wrong with this one.",
  },
  BW3011: {
    meaning: "Something the command needs from outside is not available (a port for a mock, a git ref, a registry).",
    example: "port 4010 is in use",
    fix: "Free the resource, or choose another (`--port`, `--base`).",
  },
  BW3012: {
    meaning: "The command has nothing it may do with what it was given.",
    example:
      "nothing to call: zqfoo_delete may change data, and verify calls only what reads unless --allow-writes names it",
    fix: "Widen what the command may do as the message says.",
  },
  BW3013: {
    meaning:
      "A package to publish could not be installed from the registry it goes to: " +
      "a dependency the registry has no version of in the range, or a path on this machine.",
    example:
      "@acme/notes@0.1.0 depends on @blockwright/runtime@^0.3.0, which the registry cannot give (it has " +
      "0.2.0): publish @blockwright/runtime there first, or depend on a version it has",
    fix:
      "Publish the dependency first (a workspace package goes before what depends on it), " +
      "or depend on a version range the registry has; `blockwright init --link` is for local work only.",
  },
  BW3014: {
    meaning:
      "npm would refuse the package's provenance: it names no repository, or another one than the GitHub " +
      "repository the workflow runs in.",
    example: '@acme/notes@0.1.0 has no "repository" in its package.json, and npm refuses provenance without one (E422)',
    fix:
      "Name the project's repository in its package.json (`generate` copies it into every package), " +
      "as its GitHub address.",
  },
  BW4001: {
    meaning: "A block names a block type or operation no generated package has.",
    example: 'fetch: unknown block type "zqfoo_v2" (block types: zqfoo)',
    fix: "Use a block type and operation the message lists (`blockwright tools` prints them).",
  },
  BW4002: {
    meaning: "A connection is unusable: to an unknown block, to itself, or closing a cycle.",
    example: "connections form a cycle: a → b → a",
    fix: "Connect blocks so that data flows one way.",
  },
  BW4003: {
    meaning: "A block's input is unknown, missing, or breaks the parameter's rules.",
    example: 'fetch: zqfoo_list needs parameter "account" (the account to list)',
    fix: "Give the inputs the operation takes, within their rules.",
  },
  BW4004: {
    meaning: "A secret is written into the workflow, or the environment variable it refers to is not set.",
    example: 'fetch.token: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; …',
    fix: "Write `{{ENV_VAR}}` and set the variable.",
  },
  BW4005: {
    meaning: "A reference `{{block.output}}` names an unknown block, one not upstream, or an output of the wrong type.",
    example: 'deck: {{fetch.items}} refers to "fetch", which is not upstream of "deck" (connect fetch → … → deck)',
    fix: "Connect the blocks, or correct the reference.",
  },
  BW4006: {
    meaning: "A block's settings (polling, mock, pages) do not apply to its operation.",
    example:
      "fetch: zqfoo_get returns one page only, so it takes no maxPages (operations that page declare pagination)",
    fix: "Remove the setting, or meet the floor the message names.",
  },
  BW4007: {
    meaning:
      "A trigger block is unusable: an unknown trigger, a second trigger, a block connected to it, " +
      "or an input it does not take.",
    example: "start: a trigger block starts the workflow, so no block may connect to it (connected from: fetch)",
    fix: "Keep one trigger block, first, with only `trigger` and its secret as inputs.",
  },
} as const satisfies Record<`BW${number}`, ProblemInfo>;

export type ProblemCode = keyof typeof PROBLEMS;

/** `text [BW1234]`: a message with its code, once (a message passed on keeps the code it has). */
export function withCode(code: ProblemCode, text: string): string {
  return /\[BW\d{4}\]$/.test(text) ? text : `${text} [${code}]`;
}

/** The code a message ends with, if any. */
export function codeOf(text: string): ProblemCode | undefined {
  const m = /\[(BW\d{4})\]$/.exec(text.trimEnd());
  return m && Object.hasOwn(PROBLEMS, m[1] as string) ? (m[1] as ProblemCode) : undefined;
}
