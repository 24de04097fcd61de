// The concept records of what a call does and gives: outputs and outcomes,
// polling, pagination, routes, idempotency, behavior hints, deprecation, the
// per-operation deadline, files, the types answers are asked in, and the
// names the schema's patterns make.
// concept-records.ts gathers the groups; the order here is the records' order.
import { type ConceptRecord, decided } from "./concept-record.js";
import { linkAccept } from "./answer-types/accept.js";
import { linkBehavior } from "./behavior/behavior.js";
import { diffMaximum, type LimitChange, type ToolEntry } from "../model/surface-entry.js";
import { deprecatedSurface, linkDeprecated } from "./deprecated/deprecated.js";
import { idempotencySurface } from "./idempotency/idempotency.js";
import { outcomesSurface } from "./outputs/outcomes.js";
import { outputsSurface } from "./outputs/outputs.js";
import { pageSizeSurface, paginationSurface } from "./pagination/pagination.js";
import { pollingSurface } from "./polling/polling.js";
import { errorStatusesSurface } from "./operation/responses.js";
import { routesSurface } from "./routes/routes.js";

declare module "../model/surface-format.js" {
  interface ToolSurface {
    /** How long one call may take, in milliseconds (manifest `timeoutMs`). */
    timeoutMs?: number;
  }
}

/** The runtime's deadline of a call whose operation names none (runtime/call/single-call.ts). */
const DEFAULT_TIMEOUT_MS = 30_000;

/** A shorter deadline may end calls that used to succeed: breaking; a longer one, or the default again where that is longer, a patch. */
const timeoutSurface: ToolEntry<number, LimitChange> = {
  scope: "tool",
  subject: "timeoutMs",
  changes: {
    added: { level: "breaking", rule: "timeout shortened" },
    tightened: { level: "breaking", rule: "timeout shortened" },
    loosened: { level: "patch", rule: "timeout lengthened" },
    removed: { level: "patch", rule: "timeout lengthened" },
  },
  record: (tool) => (tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
  read: (t) => t.timeoutMs,
  diff: (a, b, report) => diffMaximum(a, b, report, DEFAULT_TIMEOUT_MS),
};

/** Why the fields of pagination past its style are not recorded in the surface. */
const NEXT_PAGE = "how the next page is reached: the style is recorded (pagination), the rest is the package's business";

export const OPERATION_CONCEPTS = {
  outputs: {
    wording:
      '**Outputs:** runtime expressions (`$response.body#/pointer`, `-1` indexing a list\'s last item, `$response.header.<name>`, `$statusCode`, `$params.name`) or constants, with `count`, `default` and `omit`. A pointer (of a body field too) reads through `anyOf`/`oneOf`: an output only some variants carry is absent from the others, and its description says which. `outcomes` turn a non-2xx status into a result (a 404 meaning "no match").',
    schema: ["outputs", "outcomes"],
    tool: ["outputs", "outcomes"],
    surface: { outputs: outputsSurface, outcomes: outcomesSurface, errorStatuses: errorStatusesSurface },
    link: null,
    contract: { kind: "property" },
    shelf: { field: "operation.outputs" },
    fields: {
      ...decided({ surface: "outputs" }, ["operation.outputs", "output.type", "output.description", "output.optional", "outputSource.from", "outputSource.value", "outputSource.count", "outputSource.default", "outputSource.omit"]),
      "operation.outcomes": { surface: "outcomes" },
      "outcome.description": { none: "text of the result a status becomes; the status is recorded (outcomes)" },
      "outcome.outputs": { none: "where an outcome's outputs come from: the outputs, their types and the status are recorded (outputs, outcomes)" },
    },
  },
  polling: {
    wording: "**`polling`:** job-status operations: pending and terminal states, interval, `minIntervalMs`, timeout.",
    schema: ["polling"],
    tool: ["polling"],
    surface: { polling: pollingSurface },
    link: null,
    contract: { kind: "scenario" },
    shelf: { field: "operation.polling" },
    fields: { ...decided({ surface: "polling" }, ["operation.polling", "polling.output", "polling.pending", "polling.terminal", "polling.intervalMs", "polling.minIntervalMs", "polling.timeoutMs"]) },
  },
  pagination: {
    wording:
      '**Pagination** per list operation, by `style`: `cursor` (a value of the reply sent back), `nextUrl` (an address in the body), `linkHeader` (`rel="next"`), `offset`, `page` (a page number); with `items` (the list outputs gathered), and optional `more` and `total`. `pageSize` names the parameter giving a page\'s size: a call over all pages asks for the largest page the parameter allows (its `maximum`) unless the caller gives a size, so that it takes as few requests (and rate-limit turns) as it can, and under `maxItems` the last page asks only for the items still missing, so that no more is fetched, or billed, than is kept; with `nextUrl` and `linkHeader`, the first request carries it.',
    schema: ["pagination"],
    tool: ["pagination"],
    surface: { pagination: paginationSurface, "pagination.pageSize": pageSizeSurface },
    link: null,
    contract: { none: "a next page is the runtime's to fetch: runtime/paging/ tests each style; a case of one call sees the first page" },
    shelf: { none: "each style is in a fixture of its own shape: tracker (specs-wild/, linkHeader), zqpayments (specs-wild/, cursor)" },
    fields: {
      ...decided({ surface: "pagination" }, ["operation.pagination", "pagination.style", "pagination.items"]),
      "pagination.pageSize": { surface: "pagination.pageSize" },
      ...decided({ none: NEXT_PAGE }, ["pagination.cursor", "pagination.send", "pagination.more", "pagination.total", "pagination.url", "pagination.start", "pageTarget.in", "pageTarget.name", "pageTarget.pointer"]),
    },
  },
  routes: {
    wording: "**`routes`:** another OpenAPI operation serves the tool when a parameter's value matches a pattern.",
    schema: ["routes"],
    tool: ["routes"],
    surface: { routes: routesSurface },
    link: null,
    contract: { kind: "route" },
    shelf: { field: "operation.routes" },
    fields: { ...decided({ surface: "routes" }, ["operation.routes", "route.when", "route.when.param", "route.when.pattern", "route.operationId", "route.wire"]) },
  },
  idempotency: {
    wording:
      "**`idempotency`:** the header in which the upstream takes an idempotency key (`methods`, default POST), or an operation's own `idempotency` where the upstream takes one on some operations only. Each call sends a new key, the same on every retry.",
    schema: ["idempotency"],
    tool: ["idempotency"],
    surface: { idempotency: idempotencySurface },
    link: null,
    contract: { kind: "request" },
    shelf: { none: "an idempotency key: the hostile fixture (specs-hostile/) declares it" },
    fields: {
      "manifest.idempotency": { fields: "idempotency" },
      "operation.idempotency": { fields: "operationIdempotency" },
      ...decided({ surface: "idempotency" }, ["idempotency.header", "idempotency.methods", "operationIdempotency.header"]),
    },
  },
  behavior: {
    wording: "**`behavior`:** read-only, destructive, idempotent, open-world, where the method misleads.",
    schema: ["behavior"],
    tool: ["behavior"],
    surface: {},
    link: linkBehavior,
    contract: { none: "hints for agents and UIs (read-only, destructive): no request or answer depends on them" },
    shelf: { none: "hints with no effect on a call: the repository's providers declare them" },
    fields: {
      "operation.behavior": { none: "hints to agents (MCP annotations) where the method misleads: what a call accepts and returns is unchanged" },
      ...decided({ none: "a hint to agents, as behavior" }, ["operation.behavior.readOnly", "operation.behavior.destructive", "operation.behavior.idempotent", "operation.behavior.openWorld"]),
    },
  },
  deprecated: {
    wording:
      "**`deprecated`:** a tool on its way out, with a note saying why and what to use instead (required where the OpenAPI operation is `deprecated: true`): `blockwright diff` reports it, and models read it at the end of the tool's description.",
    schema: ["deprecated"],
    tool: ["deprecated"],
    surface: { deprecated: deprecatedSurface },
    link: linkDeprecated,
    contract: { none: "a note for the tool's users: the call is the same" },
    shelf: { none: "a note with no effect on a call: its link tests plant it" },
    fields: { "operation.deprecated": { surface: "deprecated" } },
  },
  timeout: {
    wording:
      "**`timeoutMs`** (per operation): how long one call may take, retries and the access token included, where the upstream documents a slower (or faster) answer than the runtime's default of 30 s; a caller's own `timeoutMs` option still wins. `blockwright diff` calls a shorter one breaking.",
    schema: ["timeout"],
    tool: ["timeoutMs"],
    surface: { timeoutMs: timeoutSurface },
    link: (_ctx, _at, mop) => (mop.timeoutMs === undefined ? {} : { timeoutMs: mop.timeoutMs }),
    contract: { none: "a deadline only ends a call that hangs, which no mock does: runtime/call/ tests it" },
    shelf: { field: "operation.timeoutMs" },
    fields: { "operation.timeoutMs": { surface: "timeoutMs" } },
  },
  stream: {
    wording:
      "**Streams:** `stream: true` (or `{itemBytes}`) reads an operation's answer that is a stream of JSON values (`application/x-ndjson`, `application/jsonl`, `application/json-seq`: an export, a feed) item by item into the outputs `data` (the items) and `metadata.count`, each item at most `itemBytes` (default 1 MiB), all within `limits.replyBytes`; a client's method gets `.items()`, and `blockwright call` prints one item per line.",
    schema: ["stream"],
    tool: ["stream"],
    surface: {},
    link: null,
    contract: { kind: "scenario" },
    shelf: { none: "a stream of JSON values: the files fixture (specs-files/zqfiles) declares it" },
    fields: { "operation.stream": { surface: "outputs" }, "operation.stream.itemBytes": { surface: "outputs" } },
  },
  files: {
    wording:
      "**Files:** a parameter of `type: file` is a part of a multipart/form-data body (the part `file` where the document's multipart body is one file naming no part) or, at `pointer: \"\"`, the whole body when the document's body is raw bytes such as `application/octet-stream` or `image/*`; given as bytes in code, a path on the command line and in workflows, or an https address (the only form models are offered), held to `maxBytes` before any request; with `multiple: true`, a list of files, each its own part under the field's name (the document's field is an array of files); `download: true` reads an operation's file answer (or a redirect to it, followed without the credential) into the outputs `content`, `contentType`, `size` and `filename`, within `limits.replyBytes`.",
    schema: ["files"],
    tool: ["download"],
    surface: {},
    link: null,
    contract: { kind: "request" },
    shelf: { none: "files and downloads: the files fixture (specs-files/zqfiles) declares them" },
    fields: {
      "param.maxBytes": { surface: "params" },
      "param.contentType": { none: "the type a file's part carries when its value names none: what a call accepts and returns is unchanged" },
      "param.multiple": { surface: "params" },
      "operation.download": { surface: "outputs" },
    },
  },
  answerTypes: {
    wording:
      "**Answer types:** where an operation's 2xx answers declare JSON beside another media type (XML listed first, a JSON text sequence), its requests ask for the JSON ones (`Accept`), unless a parameter or constant sends an Accept of its own; a download's ask for the file's types, then JSON, the JSON types its errors declare (`application/problem+json`) among them; nothing to write in the manifest.",
    schema: [],
    tool: ["accept"],
    surface: {},
    link: linkAccept,
    contract: { kind: "example" },
    shelf: { none: "the document alone decides it (its answers' media types): no manifest field" },
  },
  names: {
    wording:
      "**Names:** the provider id, operation ids, parameter and output names follow the schema's patterns, so each makes identifiers and a folder name; the link also refuses two operation ids that give one TypeScript name (`acme_get_1`, `acme_get1`), a parameter named `operation` (the block's operation selector) and an output that holds others (`metadata` beside `metadata.count`).",
    schema: [],
    tool: [],
    surface: {},
    link: null,
    contract: { none: "names the schema's patterns make: no call depends on them" },
    shelf: { none: "names the schema's patterns make: every manifest has them" },
  },
} as const satisfies Record<string, ConceptRecord>;
