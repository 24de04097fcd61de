// How the manifest's concepts are told, in one place: each concept's line in
// the docs (docs/guides/adding-a-provider.md › "The concepts, in brief",
// written from CONCEPT_WORDING between its markers; a test keeps them in
// sync) and, where a model must know it, the sentence a tool's LLM
// description gives (llm-tools.ts). It lives in the runtime because the
// runtime says the sentences and may not import the generator; the docs'
// lines sit next to them so that both are written, and changed, together.
import type { PollingSpec, RuleSpec, ToolSpec } from "../spec/tool-types.js";

export interface ConceptWording {
  /** The concept's line in the docs' list of concepts (Markdown, without the list bullet). */
  readme: string;
}

/** Every concept of the manifest, in the order the docs tell them. */
export const CONCEPT_WORDING = {
  server: {
    readme:
      "**`server`:** a fixed `default` address (with the path of the OpenAPI document's server, which every request carries), or a `param` carrying the customer's own (`format: base-url`; the server's path is appended); `hosts`, the host patterns such an address may name besides the default's.",
  },
  auth: {
    readme:
      "**`auth`:** the OpenAPI security scheme and the shared parameter holding the credential (secret): an HTTP bearer token, HTTP basic (`user` names the parameter holding the user id; `Authorization: Basic`, its base64 withheld like the secret), an API key in a header, the query or a cookie, or the access token of an `oauth2` or `openIdConnect` scheme, sent as a bearer token; `also`, schemes sent with it (a requirement of several, such as a key and a secret header); `alternatives`, other ways a call may authenticate instead (a call uses the first whose parameters it gives; each tool offers those its operation accepts); `covers`, the document's own parameters for that credential (a required `token`), which it satisfies and nothing sends.",
  },
  authFlows: {
    readme:
      "**`auth.flows`:** OAuth 2 grants through which the runtime obtains the access token itself and renews it (`clientCredentials`, `refreshToken`, `jwtBearer`): each names its `tokenUrl` (https, its origin fixed; `{param}` placeholders in the path, from parameters with a `pattern`), `scope`, the shared parameters holding the client id, secret, refresh token, subject or private key, `defaultExpiresIn` (the documented lifetime of a token whose answer has no `expires_in`; default 3600 s) and, for `jwtBearer`, the assertion's `audience` as documented (a URI, or `default`, `byTokenHost` and a `param`); `tokenHosts`, where a token URL given at call time may point; `tokenAddressField`, the token answer's field naming the address the token is for (`instance_url`), where calls then go. The credential parameter then is `required: false`.",
  },
  errors: {
    readme: "**`errors`:** expressions for the upstream's `code`, `message` and `requestId`; `details` to carry more fields of the error body; `retryableStatuses`; `failureWhen` for APIs that answer 2xx with a failure in the body.",
  },
  params: {
    readme: "**Parameters** (shared `params`, and each operation's): type, `required`, `default` (sent unless `sendDefault: false`), `secret`, `visibility` (`user-only` for what only a person fills in), `placeholder`, `example`.",
  },
  paramLimits: {
    readme:
      "**Limits** of a parameter: `minimum`, `maximum`, `integer`, `minLength`, `maxLength`, `pattern`, `enum`, `format` (`date-time`, `date`, `email`, `uri`, `uuid`, taken from the spec; `base-url`), `separator` (a list of values in one string, e.g. comma-separated values from the enum), `keys`, `values` and `items` (limits of the values inside a `json` object or array, taken from the spec's `additionalProperties` and `items`), `minItems` and `maxItems` (how many items a `json` array holds, taken from the spec), `forbiddenKeys`. A limit may be tighter than the spec's, never looser (`limitsFromSpec` takes the spec's). A string sent in the address or a header needs a maximum length, implied by an enum, a format or a pattern anchored with `^…$` of bounded length, else stated; a credential's default is 4096 characters. Rules that admit no value (a pattern that cannot meet the length bounds) are refused at generate time.",
  },
  wire: {
    readme:
      '**Wire placement** (`wire`): `path`, `query` or `header` (with `name` when the wire name differs, `escape` for quoting); `body` at a JSON `pointer` (`""` is the whole body; `split`, `wrapUnlessKey`); or `switch`, a boolean that adds constant wire values when true. The body is written in the media type the spec gives: JSON (including vendor `+json` types, sent as that Content-Type) or `application/x-www-form-urlencoded`, following the spec\'s `encoding` (`deepObject`, `form`, `explode`).',
  },
  constants: {
    readme:
      "**Constants:** provider-wide `constants` (headers or query values every call sends, e.g. an API version or a vendor `Accept` type: it must admit a media type each operation's success response offers) and per-operation `constants`. Keys starting with `x-` are ignored by the linker: use them to hold YAML anchors shared by several operations (`x-anchors: { owner: &owner {…} }`, then `owner: *owner`).",
  },
  outputs: {
    readme:
      '**Outputs:** runtime expressions (`$response.body#/pointer`, `-1` indexing a list\'s last item, `$response.header.<name>`, `$statusCode`, `$params.name`) or constants, with `count`, `default` and `omit`. A pointer (of a body field too) reads through `anyOf`/`oneOf`: an output only some variants carry is absent from the others, and its description says which. `outcomes` turn a non-2xx status into a result (a 404 meaning "no match").',
  },
  pagination: {
    readme:
      '**Pagination** per list operation, by `style`: `cursor` (a value of the reply sent back), `nextUrl` (an address in the body), `linkHeader` (`rel="next"`), `offset`, `page` (a page number); with `items` (the list outputs gathered), and optional `more` and `total`. `pageSize` (cursor, offset and page) names the parameter giving a page\'s size: under `maxItems` the last page asks only for the items still missing, so that no more is fetched, or billed, than is kept.',
  },
  rateLimits: {
    readme:
      "**`rateLimits`:** how the upstream throttles, as its documentation says: `resetHeader` (the header telling when a 429's window resets), `quota` (`codes` meaning a quota is used up, read by `from` — every value found, a `*` segment for each item of a list — or else `errors.code`, and `messages`, words of the error message meaning so: never retried, `retryable: false`), `pauseMs` (the wait after a 429 that says nothing of when, doubling on each further 429), `requestsPerMinute` (the request rate it documents for one client, the lowest of its endpoints': kept by every call of one executor and of one workflow run together, and `blockwright verify` spaces its requests by it). A new provider declares its own rather than inherit the runtime's backoff.",
  },
  idempotency: { readme: "**`idempotency`:** the header in which the upstream takes an idempotency key (`methods`, default POST). Each call sends a new key, the same on every retry." },
  limits: {
    readme:
      "**`limits`:** `requestHeadBytes`, the size of request line and headers the upstream accepts (a call past it is refused before it is sent, naming the parameter that takes the most room); `replyBytes`, the most reply body a call reads (default 64 MiB; with `allPages`, all pages together; past it the call ends with an `upstream` error `REPLY_TOO_LARGE`).",
  },
  rules: {
    readme: "**`rules`** across parameters: `exactlyOne`, `anyOf` (at least one group), `allowedValues` (values depending on another parameter), `dependentLimits` (limits depending on another parameter).",
  },
  routes: { readme: "**`routes`:** another OpenAPI operation serves the tool when a parameter's value matches a pattern." },
  polling: { readme: "**`polling`:** job-status operations: pending and terminal states, interval, `minIntervalMs`, timeout." },
  behavior: { readme: "**`behavior`:** read-only, destructive, idempotent, open-world, where the method misleads." },
  deprecated: {
    readme:
      "**`deprecated`:** a tool on its way out, with a note saying why and what to use instead (required where the OpenAPI operation is `deprecated: true`): `blockwright diff` reports it, and models read it at the end of the tool's description.",
  },
  files: {
    readme:
      "**Files:** a parameter of `type: file` is a part of a multipart/form-data body (or, at `pointer: \"\"`, the whole body when the document's body is raw bytes such as `application/octet-stream` or `image/*`), given as bytes in code, a path on the command line and in workflows, or an https address (the only form models are offered), held to `maxBytes` before any request; `download: true` reads an operation's file answer (or a redirect to it, followed without the credential) into the outputs `content`, `contentType`, `size` and `filename`, within `limits.replyBytes`.",
  },
  names: {
    readme:
      "**Names:** the provider id, operation ids, parameter and output names follow the schema's patterns, so each makes identifiers and a folder name; the link also refuses two operation ids that give one TypeScript name (`acme_get_1`, `acme_get1`), a parameter named `operation` (the block's operation selector) and an output that holds others (`metadata` beside `metadata.count`).",
  },
} as const satisfies Record<string, ConceptWording>;

/** What a tool's LLM description tells of it besides its own text. */
export type DescribedTool = Pick<ToolSpec, "description" | "rules" | "polling" | "deprecated">;

/** The sentences a tool's LLM description adds to its text: its cross-field rules, its polling advice, its deprecation. */
export function toolSentences(tool: DescribedTool): string[] {
  return [...tool.rules.map(ruleSentence), ...(tool.polling ? [pollingSentence(tool.polling)] : []), ...(tool.deprecated ? [`Deprecated: ${tool.deprecated}`] : [])];
}

/** A cross-field rule, as a sentence of the tool's description. */
export function ruleSentence(rule: RuleSpec): string {
  switch (rule.rule) {
    case "exactlyOne":
      return `Give exactly one of ${or(rule.params)}.`;
    case "anyOf":
      return `Give ${rule.groups.map((g) => g.join(" with ")).join(", or ")} (at least one).`;
    case "allowedValues": {
      const cases = Object.entries(rule.values).map(([when, values]) => `with ${rule.dependsOn} ${when}: ${values.length ? values.map(String).join(", ") : "none (leave it out)"}`);
      return `Allowed ${rule.param} values depend on ${rule.dependsOn}: ${cases.join("; ")}.`;
    }
    case "dependentLimits": {
      const cases = Object.entries(rule.limits).map(
        ([when, limits]) =>
          `with ${rule.dependsOn} ${when}: ${Object.entries(limits)
            .map(([name, v]) => `${name} ${v}`)
            .join(", ")}`,
      );
      return `Limits of ${rule.param} depend on ${rule.dependsOn}: ${cases.join("; ")}.`;
    }
  }
}

/** A job-status operation's polling advice, as a sentence of the tool's description. */
export function pollingSentence(p: PollingSpec): string {
  return `While ${p.output} is ${or(p.pending)}, call again (about every ${seconds(p.intervalMs)}, at least ${seconds(p.minIntervalMs)} apart) until it is ${or(p.terminal)}.`;
}

function or(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
