// What a failing case's report shows besides the violation: the input it
// gave (secrets as `{{NAME}}` references), the request it sent, the mock's
// answer, and the `blockwright call` line that sends that input again. All of
// it through the runtime's redaction: the suite's credentials are made up,
// and still none reaches a report.
import { redact, redactDeep } from "@blockwright/runtime/internal";
import { secretsIn } from "./call.js";
import { handedSecrets } from "./handed-secrets.js";
import { callCommand, secretReference } from "./repro.js";
import type { Exchange } from "./exchange.js";
import type { ObservedCall } from "./types.js";

/** Characters of the mock's answer a report keeps. */
const ANSWER_CHARS = 4000;

export interface FailureDetail {
  /** What broke (the case's message), secrets redacted. */
  violation: string;
  /** The input of the case's last call, secrets as references. */
  input?: Record<string, unknown>;
  /** Its last request: method, path and query. */
  request?: string;
  /** What the tool received last: the mock's answer, or the one a scenario gave in its place. */
  answer?: { status: number; body: string; how?: string; refused?: string[] };
  /** A `blockwright call` line that sends the same input to a mock. */
  reproduce?: string;
}

/**
 * How the answer was chosen, when not the mock's own default: what it was asked for (Prism's `__code`, `__example`
 * keys), or a scenario answering in its place; and what the mock's request validator found, when it refused the
 * request (it then serves the spec's example of the error status it declares, however unrelated: "API key not valid"
 * for a missing `q`).
 */
function answeredHow(ex: Exchange): { how?: string; refused?: string[] } {
  const refused = ex.violations
    .filter((v) => v.location[0] === "request")
    .map((v) => `${v.location.join(".")}: ${v.message}`);
  const how =
    ex.mockStatus !== undefined
      ? `a scenario answered in the mock's place (the mock said ${ex.mockStatus})`
      : ex.prefer
        ? `asked of the mock: ${ex.prefer}`
        : undefined;
  return { ...(how ? { how } : {}), ...(refused.length ? { refused } : {}) };
}

/**
 * `reproduce`: the case's own command, when it knows one better than its last
 * call (a property sets the secrets it drew, values the suite made up, so that
 * the line reproduces exactly); kept as given. Everything else is redacted.
 */
export function failureDetail(message: string, call: ObservedCall | undefined, reproduce?: string): FailureDetail {
  if (!call) return { violation: message, ...(reproduce ? { reproduce } : {}) };
  // The call's own secrets, and those its answers hand out (outputs marked `secret`), which the message may print too.
  const secrets = [...secretsIn(call.tool, call.input), ...handedSecrets(call.tool, call.exchanges)];
  const last = call.exchanges.at(-1);
  const body = last?.responseBody ?? "";
  const detail = redactDeep(
    {
      violation: message,
      input: secretReference(call.tool, call.input),
      ...(last
        ? {
            request: `${last.method} ${last.url.pathname}${last.search}`,
            answer: {
              status: last.status,
              body: body.length > ANSWER_CHARS ? `${body.slice(0, ANSWER_CHARS)}… (${body.length} characters)` : body,
              ...answeredHow(last),
            },
          }
        : {}),
    },
    secrets,
  );
  return { ...detail, reproduce: reproduce ?? redact(callCommand(call.tool, call.input), secrets) };
}
