// One call of a tool: validate, build the request, send it under the
// transport policy (transport.ts), then map the reply to outputs or to the
// structured error (its attempts, each request sent, retried and read: send/attempts.ts). Retries only requests
// that are safe to repeat (idempotent methods, or a request carrying an idempotency key), honouring Retry-After
// and the manifest's rate limits (never a quota used up, never inside a window);
// what changes state and may have reached the upstream is never retryable.
// paginate.ts sends one such call per page; execute.ts picks between the two.
// A call whose token an OAuth 2 flow obtains is sent through token-send.ts,
// part of the OAuth support (support.ts), bundled only where flows are declared.
import { buildRequest, placeAt } from "./build-request.js";
import { itemAt } from "../common/checked.js";
import type { Failure, ToolError, ToolResult } from "../http/errors.js";
import { allowedHostProblem, hostRefusal } from "../http/hosts.js";
import { ownValue } from "../common/own.js";
import { pageCountIssue, wantsPages } from "../validate/page-inputs.js";
import { isSecretLength, redactDeep, SECRET_MIN_LENGTH } from "../common/redact.js";
import type { ToolCall } from "../spec/tool-types.js";
import { startDeadline } from "../http/deadline.js";
import { applySimple, requestUrl, type HttpRequest } from "../http/transport.js";
import { placeSimple, type SimpleCredential } from "../http/credentials.js";
import { callCredential, sendsNoCredential } from "./credential.js";
import { validateInput } from "../validate/validate-params.js";
import { toolPlan } from "../validate/tool-plan.js";
import type { Support } from "./support.js";
import { lacks } from "../common/unsupported.js";
import { resolveBaseUrl } from "./base-address.js";
import { attempts } from "./send/attempts.js";
import type { CallSupport, ExecuteOptions, PreparedCall, SentCall } from "./call-types.js";

export type { CallSupport, ExecuteOptions, PreparedCall, SentCall, TokenSend } from "./call-types.js";

/**
 * Put a secret parameter's texts on the call's list: a text itself; a list of texts each item and the list written
 * whole, by the secretLists part (secret-texts.ts), which a package whose tools declare no secret list bundles not. A
 * text pushed as it is: an array of one, spread, was 40 ns a secret parameter (crm's tools declare four).
 */
function pushSecrets(secrets: string[], value: unknown, support: CallSupport): void {
  if (support.secretLists) secrets.push(...support.secretLists(value));
  else if (typeof value === "string") secrets.push(value);
}

/**
 * The call's secrets as given: the caller's `secrets` and the tool's secret parameters' values. Secrets shorter than
 * SECRET_MIN_LENGTH are refused before a request without being shown, not redacted (redacting a one-letter "secret"
 * would garble every word): the call's own secret parameters by validation, the caller's `secrets` by
 * checkCallOptions; the redactor passes them by (redact.ts). One array: no empty one made to be copied when the caller
 * gives none.
 */
function givenSecrets(tool: ToolCall, input: Record<string, unknown>, options: ExecuteOptions & CallSupport): string[] {
  const secrets = options.secrets ? [...options.secrets] : [];
  for (const p of toolPlan(tool).secret) pushSecrets(secrets, ownValue(input, p.name), options);
  return secrets;
}

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = [
  "id",
  "path",
  "idempotency",
  "timeoutMs",
] as const satisfies readonly (keyof ToolCall)[];

export function prepareCall(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
): PreparedCall | { failed: ToolResult } {
  const input = params ?? {};
  const secrets = givenSecrets(tool, input, options);
  const fail = (error: Failure): Extract<ToolResult, { success: false }> => ({
    success: false,
    error: redactDeep({ provider: tool.provider, operation: tool.id, ...error } as ToolError, secrets),
  });
  const refuse = (problem: Omit<Failure, "type">) => ({ failed: fail({ type: "validation", ...problem }) });

  // A part the tool needs and the caller was made without: refused first, whatever the values.
  const missing = options.partsCheck?.(tool, options, { input, pages: wantsPages(options) });
  if (missing) return refuse(missing);
  // A base address given stands for the parameters that make the address (instance-address.ts givenAddress).
  const checked = (options.baseUrl !== undefined && options.addresses?.givenAddress(tool)) || tool;
  const validated = validateInput(checked, input, options, secrets);
  if (!validated.ok) {
    // The first problem's fields (param, rule, expected) as they are; its message tells how many more there are.
    const { message, ...first } = itemAt(validated.issues, 0);
    const more = validated.issues.length - 1;
    return refuse({
      message: more ? `${message} (and ${more} more problem${more > 1 ? "s" : ""})` : message,
      ...first,
      ...(more ? { issues: validated.issues } : {}),
    });
  }
  const problem = checkCallOptions(tool, options);
  if (problem) return refuse(problem);
  const { values, unsent, visited } = validated;
  // A secret inside a JSON parameter's value (a password in an object): the call's secret too, once it is read.
  options.nestedSecrets?.(tool, values, (text) => secrets.push(text));
  const baseUrl = resolveBaseUrl(tool, values, options.baseUrl, options.addresses, options.form);
  if ("problem" in baseUrl) return refuse(baseUrl.problem);
  // An address given at call time goes only to a host the provider is reached at (hosts.ts).
  const given = options.baseUrl !== undefined ? "baseUrl" : tool.server.param;
  const refused =
    given !== undefined && baseUrl.url !== "" ? hostRefusal(tool, baseUrl.url, options.allowHosts) : undefined;
  if (refused) return refuse({ message: `${given}: ${refused}`, param: given, rule: "host" });

  // A route the values choose (routes.ts), when the tool declares routes.
  const route = tool.routes.length ? options.routes?.(tool, values) : undefined;
  // An operation that takes no credential gets none, whatever it was given; one that may go without, when given none.
  const none = sendsNoCredential(tool, values);
  const chosen = none
    ? { way: tool.auth, credential: "" }
    : callCredential(tool, values, options, (s) => keepSecret(secrets, s));
  if ("problem" in chosen) return refuse(chosen.problem);
  // No address given: the token's (auth.tokenAddressField), when a flow obtains one.
  if (baseUrl.url === "" && !chosen.oauth)
    return refuse(options.addresses?.missing(tool, tool.server.param ?? "baseUrl") ?? lacks("addresses"));
  const { form, files, bodies, credentials } = options;
  const call: PreparedCall = {
    // The way, its first credential, the flow that obtains it, and whether its token names the address. First: V8
    // copies a leading spread's shape whole, where one amid the literal's members was copied key by key.
    ...chosen,
    tool,
    values,
    unsent,
    route,
    baseUrl: baseUrl.url,
    secrets,
    fail,
    request: (adjust) => {
      const target = route ?? tool;
      const wire = buildRequest(tool, values, unsent, route, options, visited);
      adjust?.((at, value) => placeAt(wire, at, value, bodies));
      // The way's first credential at its other places too (auth.alsoSends), a secret already.
      if (!none && call.way.alsoSends) placeAlso(wire, call, bodies);
      const body = bodies?.encode(tool, wire, form, files, call.files);
      files?.acceptFile(tool, wire.header);
      const request: HttpRequest = {
        method: target.method,
        // A pair of the path's own query that a query parameter sends (`/search?q={q}`): left out (form-body.ts).
        url: requestUrl(call.baseUrl, form?.ownQuery(target.path, wire.path) ?? target.path, wire.path, wire.query),
        headers: wire.header, // built afresh for this request: no copy needed
      };
      // Set only when there is one (a spread of a new object either way before).
      if (body !== undefined) request.body = body;
      // Without the credential kinds support, the way is one credential sent as it is (call/support.ts).
      if (none) return request;
      if (credentials) credentials.apply(request, call.way, call.credential, values);
      else applySimple(request, placeSimple(call.way as SimpleCredential, call.credential));
      return request;
    },
  };
  return call;
}

/**
 * The call's credential at each other place its way sends it (auth.alsoSends: a body field, a query parameter or a
 * header the document requires the same credential at), as the one placer writes a value there.
 */
function placeAlso(wire: Parameters<typeof placeAt>[0], call: PreparedCall, bodies: CallSupport["bodies"]): void {
  if (call.credential) for (const at of call.way.alsoSends ?? []) placeAt(wire, at, call.credential, bodies);
}

/** Open the call's files (file-inputs.ts) before its first request; the failure when one cannot be. */
export async function openCallFiles(
  call: PreparedCall,
  options: ExecuteOptions & Support,
): Promise<Extract<ToolResult, { success: false }> | undefined> {
  if (!options.files || !call.tool.params.some((p) => p.type === "file")) return undefined;
  const opened = await options.files.openFiles(call.tool, call.values, options);
  if ("failure" in opened) return call.fail(opened.failure);
  call.files = opened.files;
  return undefined;
}

/** Keep `value` out of the call's results (a token a flow issued, a basic credential's text). */
export function keepSecret(secrets: string[], value: string): void {
  if (isSecretLength(value) && !secrets.includes(value)) secrets.push(value);
}

/** Problems of the options that only some tools take: named like parameter problems. */
function checkCallOptions(tool: ToolCall, options: ExecuteOptions & Support): Omit<Failure, "type"> | undefined {
  const secrets = options.secrets ?? [];
  // Counted, not filtered: no array made on each call.
  let short = 0;
  for (const s of secrets) if (typeof s !== "string" || !isSecretLength(s)) short++;
  if (short) {
    return {
      param: "secrets",
      rule: "minLength",
      message:
        `secrets: each must be at least ${SECRET_MIN_LENGTH} characters long (a shorter one cannot be ` +
        `redacted); ${short} of ${secrets.length} is not (values withheld)`,
    };
  }
  for (const pattern of options.allowHosts ?? []) {
    const problem = allowedHostProblem(pattern);
    if (problem)
      return { param: "allowHosts", rule: "format", message: `allowHosts: ${problem}, got ${JSON.stringify(pattern)}` };
  }
  const key = options.idempotencyKey;
  if (key !== undefined) {
    if (!tool.idempotency)
      return {
        param: "idempotencyKey",
        rule: "unknown",
        message: `idempotencyKey: ${tool.id} takes none (it declares no idempotency header)`,
      };
    const problem = options.writes?.keyProblem(tool, key);
    if (problem) return problem;
  }
  // Neither is given but to page (wantsPages): a call that does not page looks at none of them.
  if (!wantsPages(options)) return undefined;
  for (const name of ["maxItems", "maxPages"] as const) {
    const issue = options[name] === undefined ? undefined : pageCountIssue(name, options[name]);
    if (issue) return issue;
  }
  if (!tool.pagination) {
    return {
      param: "allPages",
      rule: "pagination",
      message: `allPages: ${tool.id} declares no pagination (it returns one page only)`,
    };
  }
  return undefined;
}

/**
 * Send one logical call (every page is one; retries included) and map its
 * reply. `readBefore`: bytes the call's earlier pages took of its reply limit. `resultOnly`: the promise brings the
 * result itself (runOnce), not the call as sent: a `.then` taking it from the other was a promise and a microtask more
 * a call.
 */
export function sendCall(
  call: PreparedCall,
  request: HttpRequest,
  options: ExecuteOptions & CallSupport,
  idempotencyKey?: string,
  readBefore?: number,
): Promise<SentCall>;
export function sendCall(
  call: PreparedCall,
  request: HttpRequest,
  options: ExecuteOptions & CallSupport,
  idempotencyKey: string | undefined,
  readBefore: number,
  resultOnly: true,
): Promise<ToolResult>;
export function sendCall(
  call: PreparedCall,
  request: HttpRequest,
  options: ExecuteOptions & CallSupport,
  idempotencyKey = options.idempotencyKey,
  readBefore = 0,
  resultOnly = false,
): Promise<SentCall | ToolResult> {
  // Not async: the promise is that of the attempts or the token's sending, which end the deadline themselves (an async
  // function around them was a promise, a microtask and a closure more a call). Its callers await it in an async
  // function or a try (runOnce), where what it might throw rejects as before.
  const { tool } = call;
  // Checked on the request as sent: a later page's cursor can make it longer than the first. An address
  // the token will name (base-address.ts) is not known yet: then checked once the token has it.
  const sizeLater = call.baseUrl === "";
  const tooBig = sizeLater ? undefined : requestTooLarge(call, request, options);
  if (tooBig) return Promise.resolve(resultOnly ? tooBig.result : tooBig);
  // One key per logical call, the same on every retry: the upstream applies the request once.
  const key = options.writes?.key(tool, request, idempotencyKey);

  // The caller's option, else the operation's own (manifest `timeoutMs`), else the default.
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? 30_000;
  const deadline = startDeadline(timeoutMs, options.signal);
  const withToken = call.oauth && options.oauth?.send;
  // The token's sending ends the deadline (token-send.ts); else the attempts do.
  return withToken
    ? withToken(
        call,
        request,
        deadline,
        timeoutMs,
        sizeLater ? () => requestTooLarge(call, request, options) : undefined,
        () => attempts(call, request, options, key, deadline, timeoutMs, readBefore, false, false) as Promise<SentCall>,
      ).then((sent) => (resultOnly ? sent.result : sent))
    : attempts(call, request, options, key, deadline, timeoutMs, readBefore, true, resultOnly);
}

/** The failure of a request past the provider's size limits (request-size.ts), if it is. */
function requestTooLarge(call: PreparedCall, request: HttpRequest, options: CallSupport): SentCall | undefined {
  const tooBig = options.requestSize?.(call.tool, request, call.values, call.unsent, call.route);
  return tooBig && { result: call.fail({ type: "validation", ...tooBig }) };
}
