// A call whose request its host sends: a workflow platform whose executor
// makes the HTTP request itself from a tool's request builders (a Sim
// ToolConfig's url, headers and body). The values are checked and the
// request built as a call of executeTool would build it, before anything is
// sent; the host's answer is read as the call reads its own (the reply limit,
// outcomes, a 2xx that says it failed, the outputs, redaction) — through the
// same sendCall, handed that answer instead of a fetch. Sending is the host's:
// its retries, redirects, time-outs and request rate, not the runtime's. What
// only an asynchronous preparation gives is refused here, naming the
// parameter: a token an OAuth 2 flow obtains, a file read before the request, a
// signature made over the request as it leaves (auth.sigv4).
import { type CallSupport, type ExecuteOptions, prepareCall, sendCall } from "../call/single-call.js";
import type { PreparedCall } from "../call/call-types.js";
import type { ToolResult } from "../http/errors.js";
import { wantsPages } from "../validate/page-inputs.js";
import type { ToolCall } from "../spec/tool-types.js";

/** What the host sends: the request as executeTool would send it (the credential placed, the body encoded). */
export interface HostRequest {
  method: string;
  /** The absolute address, path parameters and query encoded. */
  url: string;
  headers: Record<string, string>;
  /**
   * JSON or form text; a multipart body (FormData) or one file's bytes (Blob) only for tools with file parameters,
   * refused here when one is given (a multipart body without a file is FormData still).
   */
  body?: string | FormData | Blob;
}

/** A call ready for its host to send, and the reading of the host's answer to it. */
export interface PreparedRequest<O = Record<string, unknown>> {
  request: HostRequest;
  /**
   * The result the host's answer gives, as executeTool's would be for the same answer (never thrown for an upstream
   * failure).
   */
  answer(response: Response): Promise<ToolResult<O>>;
}

/**
 * Options of a prepared call: a call's, but those of sending (retries, time-outs, a limiter, pages), which are the
 * host's.
 */
export type PrepareOptions = Pick<
  ExecuteOptions,
  "baseUrl" | "allowHosts" | "secrets" | "idempotencyKey" | "validateOutputs" | "signal"
>;

export function prepareRequest(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: PrepareOptions & CallSupport,
): PreparedRequest | { failed: Extract<ToolResult, { success: false }> } {
  // Only a prepared call's own options reach the call: one that pages, or waits on a limiter, is not what a host sends.
  const { limiter: _limiter, ...support } = options as ExecuteOptions & CallSupport;
  if (wantsPages(support))
    return refusal(tool, {
      param: "allPages",
      rule: "pagination",
      message: `allPages: a request its host sends is one page: ask for the next with its paging parameters`,
    });
  const call = prepareCall(tool, params, support);
  if ("failed" in call) return call as { failed: Extract<ToolResult, { success: false }> };
  // A token given is sent as it is (no renewal after a 401: the host's request is the one attempt).
  if (call.oauth && call.credential === "")
    return hostCannot(
      call,
      tool.auth.param,
      "oauth",
      "an OAuth 2 flow obtains its token by requests of its own",
      "make first",
      "give the token or ",
    );
  // A signature (auth.sigv4) or a JWT bound to the request (auth.signedJwt) is made over the request as it leaves,
  // with WebCrypto's asynchronous hashes: the host sends it, and would send it unsigned.
  const { type } = call.way;
  if ((type === "sigv4" || type === "signedJwt") && call.credential !== "")
    return hostCannot(
      call,
      tool.auth.param,
      "support",
      `each request is signed ${type === "sigv4" ? "with AWS Signature Version 4" : "(a JWT for it)"} as it is sent`,
      "be",
    );
  const file = tool.params.find((p) => p.type === "file" && call.values[p.name] !== undefined);
  if (file) return hostCannot(call, file.name, "file", "a file is read before its request is built", "wait for");
  const request = call.request();
  // One idempotency key for the request, the same one the answer is read with.
  const key = support.writes?.key(tool, request, support.idempotencyKey);
  const tooBig = support.requestSize?.(tool, request, call.values, call.unsent, call.route);
  if (tooBig) return { failed: call.fail({ type: "validation", ...tooBig }) };
  const sent = { ...request, headers: { ...request.headers } };
  return {
    request: sent,
    answer: async (response) => {
      // The host's answer, handed over as the one answer of one attempt (retries are the host's).
      const handed = {
        ...support,
        retries: 0,
        fetch: () => Promise.resolve(response),
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      };
      return (await sendCall(call, { ...request, headers: { ...request.headers } }, handed, key)).result;
    },
  };
}

/** What only an asynchronous preparation gives, refused naming the parameter and the call that makes it. */
function hostCannot(
  call: Pick<PreparedCall, "fail">,
  param: string,
  rule: string,
  what: string,
  cannot: string,
  instead = "",
): { failed: Extract<ToolResult, { success: false }> } {
  const message = `${param}: ${what}, which a request its host sends cannot ${cannot}: ${instead}call executeTool`;
  return { failed: call.fail({ type: "validation", param, rule, message }) };
}

function refusal(
  tool: ToolCall,
  problem: { param: string; rule: string; message: string },
): { failed: Extract<ToolResult, { success: false }> } {
  return {
    failed: { success: false, error: { type: "validation", provider: tool.provider, operation: tool.id, ...problem } },
  };
}
