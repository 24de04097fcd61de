// The attempts of one call (single-call.ts sendCall): each request sent under the transport policy (transport.ts),
// retried only where it may be (a request safe to repeat; Retry-After and backoff within the deadline), and its reply
// read and mapped to outputs or to the structured error. Each attempt of a call whose way signs (auth.sigv4) is sent by
// the signing part (request-signing.ts) in transport's `send`'s place, signed afresh.
import type { RuntimeErrorCode } from "../../http/error-codes.js";
import type { Failure, ToolResult } from "../../http/errors.js";
import type { ExpressionContext } from "../../http/expressions.js";
import { mapOutputs } from "../map-outputs.js";
import { outputTypeFailure } from "../output-types.js";
import { readBody, replyLimit } from "../../http/read-body.js";
import { withheldSecrets } from "../../common/redact.js";
import { sleep } from "../../common/sleep.js";
import type { Deadline } from "../../http/deadline.js";
import { isRedirect, send, type HttpRequest } from "../../http/transport.js";
import {
  backoff,
  htmlFailure,
  htmlType,
  networkError,
  otherForm,
  otherFormFailure,
  readsOnlyBodyFields,
  parseBody,
  redirectFailure,
  tooLarge,
  upstreamFailure,
} from "../reply-failures.js";
import { statusLine, upstreamError } from "../../http/upstream-error.js";
import type { Support } from "../support.js";
import type { ExecuteOptions, PreparedCall, SentCall } from "../call-types.js";
import type { ToolCall } from "../../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["outputs", "answerText"] as const satisfies readonly (keyof ToolCall)[];

/**
 * A failure no retry mends, the request not sent again: the call cancelled, or a request refused before it left (a
 * private key that cannot sign its JWT, auth.signedJwt: signed-jwt/sign-jwt.ts `SigningKeyRefused`).
 */
function stopped(e: unknown, deadline: Deadline): Failure | undefined {
  if (deadline.cancelled)
    return {
      type: "network",
      message: "the call was cancelled",
      code: "ABORTED" satisfies RuntimeErrorCode,
      retryable: false,
    };
  return (e as { refused?: Failure } | undefined)?.refused;
}

/** Send `request`, retrying what may be retried, and map the answer: the call as sent, or its result (sendCall). */
export async function attempts(
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
          files && (await files.fileAnswer(tool, response, request.url, fetchFn, deadline, limit, call, onItem));
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
        const stop = stopped(e, deadline);
        if (stop) return failed(stop);
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
        // Its failures' messages name the provider and status: a text made only for them. A tool whose outputs read
        // the answer as one text the document declares as an HTML page (the link's answerText "html") takes the page
        // as its text.
        if (html && tool.answerText !== "html") return failed(htmlFailure(tool, status, html));
        let body: unknown;
        // Another type than JSON, or a text the outputs read whole or CSV's records (answerText): read as its type.
        let other =
          !outcome && tool.answerText ? otherForm(response, text, raw, tool.answerText, options.csv) : undefined;
        if (typeof other?.body === "string" || other?.rows) body = other.body;
        else
          try {
            other = undefined;
            body = parseBody(text);
          } catch {
            other = otherForm(response, text, raw, tool.answerText, options.csv);
            const invalid = `${tool.provider} answered ${status} with a body that is not valid JSON`;
            if (!other) return failed(upstreamFailure(status, "INVALID_JSON" satisfies RuntimeErrorCode, invalid));
            body = other.body;
          }
        const ctx: ExpressionContext = { status, body, headers: response.headers, params: call.values };
        // A 2xx whose body says it failed (the manifest's `errors.failureWhen`).
        if (response.ok && options.outcomes?.failed(tool, ctx))
          return failed({ ...upstreamError(tool, response, body, 0, {}, call.secrets), retryable: false });
        const { output, missing } = mapOutputs(outcome ?? tool.outputs, ctx);
        // Another form has no JSON fields: their defaults and counts would stand for values it never had.
        if (other && (missing.length || (!other.rows && readsOnlyBodyFields(outcome ?? tool.outputs))))
          return failed(otherFormFailure(tool, status, other.type, bytes));
        if (missing.length) return failed(mark(missingFailure(tool.provider, status, missing, body), true));
        // Users trust a typed output: a value of another kind fails the call unless the caller opted out. A body in
        // another form the operation declares (its CSV text) is read as its type says; a CSV's records as JSON's.
        const mistyped =
          options.validateOutputs !== false &&
          (!other || other.rows) &&
          outputTypeFailure(tool.outputs, output, status, tool.provider, call.secrets, outcome ?? tool.outputs);
        // Carried out (2xx or a mapped status): marked as after a 5xx (mayHaveBeenApplied, or its key), as is a miss.
        if (mistyped) return failed(mark(mistyped, true));
        // Outputs are parsed values (a `\u0041` is an `A` here): each is looked at, copied only if one holds a secret.
        const result: ToolResult = { success: true, output: withheldSecrets(output, call.secrets) };
        // The result alone where that is all the caller takes (runOnce): no wrapper made only to be dropped.
        return resultOnly ? result : { result, reply: ctx, bytes };
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

/** A reply that lacks outputs the tool requires, naming each place and output. */
function missingFailure(
  provider: string,
  status: number,
  missing: readonly { path: string; expression: string }[],
  body: unknown,
): Failure {
  const what = missing.map((m) => `${m.expression} (output ${m.path})`).join(", ");
  const empty = body === undefined ? ": the body was empty" : "";
  return upstreamFailure(
    status,
    "MISSING_OUTPUT" satisfies RuntimeErrorCode,
    `${provider} answered ${status} without ${what}${empty}`,
  );
}
