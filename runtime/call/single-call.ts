// One call of a tool: validate, build the request, send it under the
// transport policy (transport.ts), then map the reply to outputs or to the
// structured error. Retries only requests that are safe to repeat (idempotent
// methods, or a request carrying an idempotency key), honouring Retry-After
// and the manifest's rate limits (never a quota used up, never inside a window);
// what changes state and may have reached the upstream is never retryable.
// paginate.ts sends one such call per page; execute.ts picks between the two.
// A call whose token an OAuth 2 flow obtains is sent through token-send.ts,
// part of the OAuth support (support.ts), bundled only where flows are declared. Each attempt of a call whose way
// signs (auth.sigv4) is sent by the signing part (request-signing.ts) in transport's `send`'s place, signed afresh.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import { buildRequest, placeAt } from "./build-request.js";
import { itemAt } from "../common/checked.js";
import type { Failure, ToolError, ToolResult } from "../http/errors.js";
import type { ExpressionContext } from "../http/expressions.js";
import { allowedHostProblem, hostRefusal } from "../http/hosts.js";
import { mapOutputs } from "./map-outputs.js";
import { outputTypeFailure } from "./output-types.js";
import { ownValue } from "../common/own.js";
import { pageCountIssue, wantsPages } from "../validate/page-inputs.js";
import { readBody, replyLimit } from "../http/read-body.js";
import { isSecretLength, redactDeep, SECRET_MIN_LENGTH, withheldSecrets } from "../common/redact.js";
import { sleep } from "../common/sleep.js";
import type { ToolCall } from "../spec/tool-types.js";
import { startDeadline, type Deadline } from "../http/deadline.js";
import { applySimple, isRedirect, requestUrl, send, type HttpRequest } from "../http/transport.js";
import { placeSimple, type SimpleCredential } from "../http/credentials.js";
import {
  backoff,
  htmlFailure,
  htmlType,
  networkError,
  otherForm,
  otherFormFailure,
  type OtherForm,
  parseBody,
  redirectFailure,
  tooLarge,
  upstreamFailure,
} from "./reply-failures.js";
import { statusLine, upstreamError } from "../http/upstream-error.js";
import { callCredential, sendsNoCredential } from "./credential.js";
import { validateInput } from "../validate/validate-params.js";
import { toolPlan } from "../validate/tool-plan.js";
import type { Support } from "./support.js";
import { lacks } from "../common/unsupported.js";
import { resolveBaseUrl } from "./base-address.js";
import type { CallSupport, ExecuteOptions, PreparedCall, SentCall } from "./call-types.js";

export type { CallSupport, ExecuteOptions, PreparedCall, SentCall, TokenSend } from "./call-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = [
  "id",
  "outputs",
  "idempotency",
  "timeoutMs",
] as const satisfies readonly (keyof ToolCall)[];

export function prepareCall(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
): PreparedCall | { failed: ToolResult } {
  const input = params ?? {};
  // Secrets shorter than SECRET_MIN_LENGTH are refused before a request without being shown, not
  // redacted (redacting a one-letter "secret" would garble every word): the call's own secret
  // parameters by validation, the caller's `secrets` by checkCallOptions; the redactor passes them by (redact.ts).
  // One array: no empty one made to be copied when the caller gives none.
  const secrets = options.secrets ? [...options.secrets] : [];
  for (const p of toolPlan(tool).secret) {
    const value = ownValue(input, p.name);
    if (typeof value === "string") secrets.push(value);
  }
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

/** Send `request`, retrying what may be retried, and map the answer: the call as sent, or its result (sendCall). */
async function attempts(
  call: PreparedCall,
  request: HttpRequest,
  options: ExecuteOptions & Support,
  key: string | undefined,
  deadline: Deadline,
  timeoutMs: number,
  readBefore: number,
  ends: boolean,
  resultOnly: boolean,
): Promise<SentCall | ToolResult> {
  // The deadline ends with the call's last attempt when this function owns it (`ends`): no async function around it.
  try {
    const { tool } = call;
    let bytes = 0;
    const out = (sent: SentCall) => (resultOnly ? sent.result : sent);
    const failed = (error: Failure) => out({ result: call.fail(error) });
    const limit = replyLimit(tool) - readBefore;
    // 429s so far: a provider's pause after one doubles with each (upstream-error.ts).
    let throttled = 0;
    // A state-changing request that may have reached the upstream must not be repeated blindly; one that carries a key
    // may be repeated with it (write-safety.ts). Without the part, every request is safe to repeat.
    const writes = options.writes?.outcome(tool, request.method, key);
    const retries = writes?.safe === false ? 0 : (options.retries ?? 2);
    const mark = (error: Failure, reached: boolean): Failure => (writes ? writes.mark(error, reached) : error);
    const fetchFn = options.fetch ?? ((r: Request) => fetch(r));
    const files = options.files;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string;
      let raw: Uint8Array;
      // The provider's documented rate, shared with the limiter's other calls (rate-limiter.ts); awaited if a wait.
      let late =
        options.limiter && tool.rateLimits?.requestsPerMinute
          ? options.limiter.turn(call, request.url, deadline)
          : undefined;
      if (late instanceof Promise) late = await late;
      if (late) return failed(mark(late, false));
      try {
        response = await deadline.race((options.signing ?? send)(fetchFn, request, deadline.signal, call));
        // A file (or a redirect to it): its bytes are the answer (download.ts), never rewritten; a stream's items are
        // outputs, each echoing a secret handed out with it withheld.
        const onItem = options.onItem && ((item: unknown) => options.onItem?.(withheldSecrets(item, call.secrets)));
        const file =
          files && (await files.fileAnswer(tool, response, request.url, fetchFn, deadline, limit, call.values, onItem));
        if (file) {
          if ("failure" in file) return failed(file.failure);
          const output = tool.stream ? withheldSecrets(file.output, call.secrets) : file.output;
          return out({ result: { success: true, output }, reply: file.reply, bytes: file.bytes });
        }
        // A redirect's body is never needed (and never read).
        if (isRedirect(response)) {
          void response.body?.cancel().catch(() => undefined);
          return failed(redirectFailure(tool, response, request));
        }
        // Not raced: the deadline cancels the reader (stopOnExpiry), which ends every read at once, and readBody then
        // throws.
        const body = await readBody(response, limit, deadline);
        // Past the pages' shared bound, collectPages says so (paginate.ts).
        if ("tooLarge" in body) return failed(tooLarge(tool, response.status, limit + readBefore));
        ({ text, bytes, raw } = body);
      } catch (e) {
        if (deadline.cancelled)
          return failed({
            type: "network",
            message: "the call was cancelled",
            code: "ABORTED" satisfies RuntimeErrorCode,
            retryable: false,
          });
        if (deadline.timedOut)
          return failed(
            mark({ type: "timeout", message: `no complete answer within ${timeoutMs} ms`, retryable: true }, true),
          );
        const error = networkError(e);
        // A network error after the request may have left ends a request not safe to repeat (one before it left is
        // retried).
        if (writes?.final(error)) return failed(mark(error, true));
        if (attempt < retries && (await pause(backoff(attempt), deadline))) continue;
        return failed(mark(error, false));
      }

      const { status } = response;
      // A status the manifest maps to outputs (outcomes.ts), read like a success.
      const outcome = options.outcomes?.outputs(tool, status);
      // An HTML page (a proxy's error page, a login form) is never read as JSON, whatever its text.
      const html = htmlType(response, text);
      if (response.ok || outcome) {
        // Its failures' messages name the provider and status: a text made only for them.
        if (html) return failed(htmlFailure(tool, status, html));
        let body: unknown;
        // Not JSON, and the service said another type: read as that type (reply-failures.ts otherForm).
        let other: OtherForm | undefined;
        try {
          body = parseBody(text);
        } catch {
          other = otherForm(response, text, raw);
          const invalid = `${tool.provider} answered ${status} with a body that is not valid JSON`;
          if (!other) return failed(upstreamFailure(status, "INVALID_JSON" satisfies RuntimeErrorCode, invalid));
          body = other.body;
        }
        const ctx: ExpressionContext = { status, body, headers: response.headers, params: call.values };
        // A 2xx whose body says it failed (the manifest's `errors.failureWhen`).
        if (response.ok && options.outcomes?.failed(tool, ctx))
          return failed({ ...upstreamError(tool, response, body, 0, {}, call.secrets), retryable: false });
        const { output, missing } = mapOutputs(outcome ?? tool.outputs, ctx);
        if (missing.length) {
          if (other) return failed(otherFormFailure(tool, status, other.type, bytes));
          const what = missing.map((m) => `${m.expression} (output ${m.path})`).join(", ");
          return failed(
            upstreamFailure(
              status,
              "MISSING_OUTPUT" satisfies RuntimeErrorCode,
              `${tool.provider} answered ${status} without ${what}${body === undefined ? ": the body was empty" : ""}`,
            ),
          );
        }
        const mistyped =
          options.validateOutputs && outputTypeFailure(tool.outputs, output, status, tool.provider, call.secrets);
        if (mistyped) return failed(mistyped);
        // Outputs are parsed values (a `\u0041` is an `A` here): each is looked at, copied only if one holds a secret.
        return out({
          result: { success: true, output: withheldSecrets(output, call.secrets) },
          reply: ctx,
          bytes,
        });
      }

      let body: unknown = text;
      try {
        body = html ? undefined : parseBody(text);
      } catch {
        // keep the text: the error message is then the raw body
      }
      const parsed = upstreamError(tool, response, body, throttled, options, call.secrets);
      if (status === 429) throttled++;
      const line = html && `${tool.provider} answered ${statusLine(response)}`;
      const error = line ? { ...parsed, message: `${line} with an HTML page (${html}), not its error body` } : parsed;
      const wait = error.retryAfterMs ?? backoff(attempt);
      if (
        error.retryable &&
        attempt < retries &&
        wait <= (options.maxRetryDelayMs ?? 30_000) &&
        (await pause(wait, deadline))
      )
        continue;
      return failed(mark(error, status >= 500));
    }
  } finally {
    if (ends) deadline.done();
  }
}

/** Wait before a retry; false when the deadline or the caller's cancel comes first. */
async function pause(ms: number, deadline: Deadline): Promise<boolean> {
  // A wait the deadline would cut short is not begun: its timer would outlive the call.
  if (ms >= deadline.remainingMs()) return false;
  try {
    return await deadline.race(sleep(ms, deadline.signal));
  } catch {
    return false;
  }
}
