// The shape of a generated tool: plain data, produced by the generator's link step from a manifest and its
// OpenAPI document, interpreted by the runtime. Nothing here is specific to a provider.
import type { CsvCell } from "../common/csv-rows.js";
import type { AuthSpec, OAuthSpec } from "./auth-types.js";
import type { WireConstant, WireSpec, ParamSpec, RuleSpec } from "./param-types.js";
import type { BodySpec } from "./body-types.js";
import type { ErrorSpec, OutcomeSpec, OutputSpec, ValueRef, ValueTest } from "./reply-types.js";

export type {
  FormFieldEncoding,
  NestedLimits,
  ParamBranch,
  ParamSpec,
  ParamType,
  RuleSpec,
  ValueStyle,
  WireConstant,
  WireSpec,
} from "./param-types.js";

export type { BodySpec, XmlNode } from "./body-types.js";
export type {
  ErrorSpec,
  FirstOfSource,
  HeaderValueType,
  HeldKind,
  OutcomeSpec,
  OutputSource,
  OutputSpec,
  OutputType,
  ReadPlace,
  ValueRef,
  ValueTest,
} from "./reply-types.js";

export type {
  AuthSpec,
  AuthWay,
  ClientAuth,
  CredentialPlace,
  CredentialSpec,
  JwtAudienceSpec,
  OAuthFlowSpec,
  OAuthGrant,
  OAuthSpec,
  SignedJwtClaims,
  SignedJwtSpec,
  SigV4Spec,
} from "./auth-types.js";

/** The type of a CSV answer's field (answerText `{csv}`): what its cells are read as. */
export type { CsvCell } from "../common/csv-rows.js";

/** The methods an OpenAPI operation names (3.0/3.1), upper-cased: a tool calls one of them. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS" | "TRACE";

/**
 * How the upstream throttles, as its documentation says (manifest
 * `rateLimits`): a 429 waits for Retry-After, else `resetHeader`'s time, else
 * `pauseMs` (doubling per further 429), else the runtime's backoff; an error
 * where any value `quota.from` finds (a `*` segment: every item of a list) is
 * one of `quota.codes`, or whose message holds one of `quota.messages`, means
 * a quota is used up, and is never retried.
 */
export interface RateLimitSpec {
  resetHeader?: string;
  quota?: { from: ValueRef[]; codes: string[]; messages?: string[] };
  pauseMs?: number;
  /**
   * The upstream's documented request rate for one client (the lowest of its endpoints'): calls sharing a limiter (one
   * executor, one workflow run) stay under it together (rate-limiter.ts), as verify does.
   */
  requestsPerMinute?: number;
}

/** Where a cursor or offset goes on the next request. */
export type PageTarget = { in: "query" | "header"; name: string } | { in: "body"; pointer: string };

/**
 * How to reach the next page of a list operation. `cursor`: a value of the
 * reply sent back at `send`; `nextUrl`: an address in the reply; `linkHeader`:
 * the `Link` header's `rel="next"`; `offset`: the number of items seen so far
 * (plus `start`) sent at `send`; `page`: a page number (`start`, then one
 * more per page) sent at `send`. For these two, `param`: the parameter the
 * request sends at `send`, when one does (the link finds it), whose value is
 * where the first page starts.
 */
export type PageNext =
  | { style: "cursor"; cursor: { expression: string; ref: ValueRef }; send: PageTarget }
  | { style: "nextUrl"; url: { expression: string; ref: ValueRef } }
  | { style: "linkHeader" }
  | { style: "offset"; send: PageTarget; start: number; param?: string }
  | { style: "page"; send: PageTarget; start: number; param?: string };

export interface PaginationSpec {
  next: PageNext;
  /** Another page follows only while this test holds (e.g. `has_more` equals true, `done` equals false). */
  more?: ValueTest;
  /**
   * The pages end after a reply that passes this test, a next page given or not: a stream read by an iterator caught
   * up (a lag equals 0), or a page without items (`empty`).
   */
  until?: ValueTest | { empty: true };
  /** The reply's count of every item across pages: no more pages once that many were gathered. */
  total?: { expression: string; ref: ValueRef };
  /**
   * The reply's count of pages (page numbers only): the page numbered `start` plus it, less one, is the last, so that a
   * full last page ends the call without asking for the empty one after it.
   */
  pages?: { expression: string; ref: ValueRef };
  /** Array outputs whose items are gathered across pages (the first one counts the items). */
  items: string[];
  /** The number parameter giving a page's size: under maxItems a request asks only for what is missing. */
  pageSize?: string;
}

/**
 * A header carrying one key per logical call, reused by its retries, that lets the upstream apply a repeated request
 * once.
 */
export interface IdempotencySpec {
  header: string;
}

export interface PollingSpec {
  output: string;
  pending: string[];
  terminal: string[];
  intervalMs: number;
  /** The shortest interval a workflow may ask for (the upstream's rate limits decide it). */
  minIntervalMs: number;
  timeoutMs: number;
}

/**
 * What the manifest says of an operation's effects where its HTTP method
 * alone would mislead (a search sent as POST only reads). Each field left out
 * is derived from the method (llm-tools.ts `toolBehavior`).
 */
export interface BehaviorSpec {
  /** Reads only: changes nothing upstream. */
  readOnly?: boolean;
  /** May overwrite or delete existing data (meaningful when not read-only). */
  destructive?: boolean;
  /** Repeating it with the same parameters has no further effect. */
  idempotent?: boolean;
  /** Reaches an open world of external data (every upstream API does, unless said otherwise). */
  openWorld?: boolean;
}

/** Another upstream operation serving the tool when a parameter's value matches `pattern`. */
export interface RouteSpec {
  when: { param: string; pattern: string };
  operationId: string;
  method: HttpMethod;
  path: string;
  /** Placement of the parameters whose wire differs on this route. */
  wire: Record<string, WireSpec>;
}

/**
 * The operation answers a file (manifest `download`): its `status` reply (or
 * a redirect to the file, followed without the credential) is read as bytes,
 * within the reply limit, into the outputs `content`, `contentType`, `size`
 * and `filename`, instead of being parsed as JSON.
 */
/**
 * The operation answers a stream of JSON values or of server-sent events
 * (manifest `stream`): its `status` reply, in one of `mediaTypes`, is read as
 * items (one per line, JSON text sequences, or events), each at most
 * `itemBytes`, all within the reply limit, into the outputs `data` and
 * `metadata.count`.
 */
export interface StreamSpec {
  status: number;
  mediaTypes: string[];
  itemBytes: number;
  /**
   * The stream is server-sent events (`text/event-stream`): each item is an event `{event, data, id?, retry?}`, its
   * data parsed as JSON where the document's schema of it is an object or a list (`json`), else kept as text.
   */
  events?: EventData;
  /**
   * Where each value holds its item (manifest `stream.item`, a pointer's segments: `["result"]`): the item is the
   * value there, a value holding none fails the call (MISSING_OUTPUT). Absent: each whole value is the item.
   */
  item?: string[];
  /**
   * Where a value says the stream failed after it started (manifest `stream.failure`: `["error"]`): a value holding
   * one there (not null) ends the call with an upstream error of the failure's `code` and `message`.
   */
  failure?: string[];
  /** The failure's member naming its code where it is not `code` (`grpc_code`), from the document's schema of it. */
  failureCode?: string;
}

/** How an event's data is read: parsed as JSON (kept as text when it is none) or kept as text. */
export type EventData = "json" | "text";

export interface DownloadSpec {
  status: number;
  /** Other 2xx statuses whose answer is the file too (a 202 "accepted" beside a 201, a 206 part beside a 200). */
  statuses?: number[];
  /** The media types the document declares for the file (what the request's Accept names). */
  mediaTypes: string[];
  /**
   * The file's statuses whose declared types are a file's only (`application/pdf`): a JSON or an HTML answer under one
   * is refused as UNEXPECTED_CONTENT_TYPE (an error body under a 2xx), never taken as the file.
   */
  onlyFile?: number[];
}

export interface ToolSpec {
  id: string;
  provider: string;
  title: string;
  description: string;
  /** The upstream OpenAPI operation this tool calls. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, version prefix included. */
  path: string;
  /**
   * Where requests go; `hosts`: the host patterns an address given at call
   * time may name besides the default's (hosts.ts); `requestHeadBytes`: the
   * largest request line and headers the upstream accepts; `replyBytes`: the
   * most reply a call reads (default DEFAULT_REPLY_BYTES); `basePath`: the
   * path of the document's server (`/api`), which `default` ends with and
   * which is appended to an address given at call time; `template`: the
   * address with `{variable}` placeholders (the document's server URL), each
   * filled with the value of the parameter `variables` names for it.
   */
  server: {
    default?: string;
    param?: string;
    template?: string;
    variables?: Record<string, string>;
    hosts?: string[];
    basePath?: string;
    requestHeadBytes?: number;
    replyBytes?: number;
  };
  auth: AuthSpec;
  /**
   * The operation takes no credential (its security is `[]`, `[{}]` or `{}`): none is sent, and the credential
   * parameters are not required.
   */
  anonymous?: true;
  /**
   * The operation may be called with or without its credential (its security lists `{}` beside requirements: OpenAPI's
   * "authentication is optional"): sent when the call gives it, none when not; the credential parameters not required.
   */
  authOptional?: true;
  /**
   * Present only when the manifest declares OAuth 2 flows (`auth.flows`): the credential may then be obtained, and
   * renewed, by the runtime.
   */
  oauth?: OAuthSpec;
  params: ParamSpec[];
  /** Tried in order before the main operation. */
  routes: RouteSpec[];
  constants: WireConstant[];
  /**
   * Constant headers of a multipart body's parts (OpenAPI `encoding.<field>.headers`): each goes as header `name` of
   * each part of body field `field`. A part header a parameter gives is that parameter's wire (`in: part`).
   */
  partHeaders?: PartHeaderConstant[];
  rules: RuleSpec[];
  successStatuses: number[];
  /** Every status the upstream declares, with its named examples: what a mock can be asked to answer. */
  responses: { status: number; examples: string[] }[];
  /**
   * The spec's `default` response (any status it does not list), with its
   * named examples: present only when declared. A mock serves it for an
   * undeclared status (mock-answer.ts picks one).
   */
  defaultResponse?: { examples: string[] };
  outputs: OutputSpec[];
  outcomes: OutcomeSpec[];
  errors: ErrorSpec;
  /** Present only when the manifest declares `rateLimits`. */
  rateLimits?: RateLimitSpec;
  polling?: PollingSpec;
  /** Overrides of the effects derived from the method; present only when the manifest sets some. */
  behavior?: BehaviorSpec;
  /** The tool is on its way out: why, and what to use instead (manifest `deprecated`). */
  deprecated?: string;
  /** How the body is written (absent: JSON as application/json, when there is a body). */
  body?: BodySpec;
  idempotency?: IdempotencySpec;
  pagination?: PaginationSpec;
  download?: DownloadSpec;
  stream?: StreamSpec;
  /**
   * The request's Accept: the JSON media types the operation's 2xx answers
   * declare, then their other types at a lower q, where they declare another
   * type too (XML first, CSV chosen by a query value), which an upstream asked
   * for any type may answer; or a JSON type that names a version (a vendor's
   * own `+json`, a `version=` parameter), which such an upstream reads.
   */
  accept?: string;
  /**
   * Its outputs read the answer as one text (the link's decision, src/link/outputs/answer-text.ts): each output reading
   * the body reads it whole as a string, and one does (the document declares the answer `text/plain`, or another
   * text). An answer that came in a text type is then its text, even where the text happens to be JSON (`{"a":1}`).
   * `"html"` when the document declares that answer as an HTML page (`text/html`): a page is then the text, where any
   * other tool takes a page for a proxy's or a login form. `"json"` when the answer is declared a text type
   * (`text/plain`) whose schema is a record: its text is JSON whatever its Content-Type; one not JSON fails. `{csv}`
   * when the answer is declared only as CSV whose schema is a record or a list of records: a CSV text is read as a
   * list of records (common/csv-rows.ts), each field typed as `csv` says (the row schema's fields and their types).
   */
  answerText?: true | "html" | "json" | { csv: Record<string, CsvCell> };
  /**
   * How long one call may take, in milliseconds, when the manifest says (`timeoutMs`); else the call's option or 30 s.
   */
  timeoutMs?: number;
}

/**
 * What a call reads of a tool: the tool without what describes it to people,
 * models and mocks (tool-description.ts). A generated package's client holds
 * only this, so that a bundle of it carries no titles, descriptions or
 * examples; the call path is typed with it, so that no module on it can read
 * a description field.
 */
export type ToolCall = Omit<ToolSpec, ToolDescriptionField | "params" | "outputs"> & {
  params: ParamCall[];
  outputs: OutputCall[];
};
/** What a call reads of a parameter. */
export type ParamCall = Omit<ParamSpec, ParamDescriptionField>;
/** What a call reads of an output. */
export type OutputCall = Omit<OutputSpec, OutputDescriptionField>;
/** The fields of a tool that describe it (to people, models and mocks) and that no call reads. */
export type ToolDescriptionField =
  | "title"
  | "description"
  | "operationId"
  | "responses"
  | "defaultResponse"
  | "deprecated";
/** The fields of a parameter that describe it and that no call reads. */
export type ParamDescriptionField = "title" | "description" | "visibility" | "placeholder" | "example" | "knownValues";
/** The fields of an output that describe it and that no call reads. */
export type OutputDescriptionField = "description";

/**
 * What describes a tool, kept apart from its call (describeTool joins the two): its own fields, and its parameters' and
 * outputs' by name and path.
 */
export type ToolDescription = Pick<ToolSpec, ToolDescriptionField> & {
  params: Record<string, Pick<ParamSpec, ParamDescriptionField>>;
  outputs: Record<string, Pick<OutputSpec, OutputDescriptionField>>;
};

/**
 * A tool with its parameter and output types attached (types only, no runtime cost); `Paged`: whether it declares
 * pagination.
 */
export interface ToolDefinition<P extends object = object, O extends object = object, Paged extends boolean = boolean>
  extends ToolSpec {
  readonly __types?: { params: P; output: O; paged: Paged };
}

/** A constant header of a multipart body's parts (ToolSpec `partHeaders`). */
export interface PartHeaderConstant {
  field: string;
  name: string;
  value: string;
}
