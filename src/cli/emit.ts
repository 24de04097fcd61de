// `blockwright emit <triggerId> --to <url> [--secret-env NAME] [--example name] [--param /pointer=value]...
// [--handshake] [--specs dir]`
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  type Deadline,
  isLoopback,
  readBody,
  redact,
  send,
  startDeadline,
  type TriggerSpec,
} from "@blockwright/runtime/internal";
import { lineText } from "../common/github-actions.js";
import { MAX_NESTING, NESTING_RULE, shownPath, tooDeep } from "../common/nesting.js";
import { addQueryPairs, keepQueryPairs } from "../common/url/query-pairs.js";
import { listOption, parseArgs, PROJECT_OPTIONS, projectDirs, projectProviders, stringOption } from "./support/args.js";
import { CommandFailure, fromSpecs, UsageError, type CliIo } from "./support/io.js";
import { withCode } from "../common/problem-codes.js";

export const USAGE = `Usage: blockwright emit <triggerId> --to <url> [--secret-env <NAME>] [--example <name>] [--param \
/pointer=value]... [--handshake] [--specs <dir>] [--out <dir>]

Send one delivery of a trigger to a receiver, as its provider would: the body
from the spec's example of the event (or one drawn from its schema when the
spec has none), made this trigger's event (the values the trigger matches on,
the secret where the provider echoes it), then signed as the trigger's
authentication declares. For rehearsal against \`blockwright serve\` or your
own receiver. Prints the receiver's status, the event id and the start of its
answer (escaped); the secret is never printed.

  --to <url>            where to send it: https, or http on loopback
  --secret-env <NAME>   the environment variable holding the trigger's secret
                        (its signing secret, or the secret it echoes; an
                        Ed25519 trigger's private key, PEM or its seed);
                        default <PROVIDER>_<SECRET>, e.g. ZQPAY_SIGNING_SECRET
                        (Ed25519: <PROVIDER>_SIGNING_KEY)
  --example <name>      the spec's example to send (default: the first)
  --param /p=value      set a field of each event (a JSON pointer into one
                        event) to a string; /p:=json sets JSON (repeatable)
  --handshake           send the provider's handshake instead (a validation
                        token, a hook secret) and check that it is echoed
  --specs <dir>         the specs the delivery is made from (default ./specs)
  --out <dir>           the generated packages (default ./generated), as every
                        command takes them: emit reads none

Sent once, redirects not followed, 10 s at most, the answer included, of
which 1 MiB at most is read. The same delivery sent twice is the same event
(the same id): a receiver runs it once.

Exit status: 0 the receiver took it (2xx; a handshake echoed), 1 it did
not, 2 usage error, 70 internal error (a bug: please report it).`;

const TIMEOUT_MS = 10_000;
/** How much of the receiver's answer is shown. */
const SHOWN_CHARS = 200;
/** The most of a receiver's answer read (an acknowledgement is a few bytes): past it, reading stops. */
const ANSWER_BYTES = 1024 * 1024;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    ...PROJECT_OPTIONS,
    to: { type: "string" },
    "secret-env": { type: "string" },
    example: { type: "string" },
    param: { type: "string", multiple: true },
    handshake: { type: "boolean" },
  });
  const [triggerId, ...extra] = args.positionals;
  if (!triggerId) throw new UsageError("BW3002", "missing <triggerId>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  const to = receiverUrl(stringOption(args, "to"));
  const handshake = args.values.handshake === true;
  const secretEnv = stringOption(args, "secret-env");
  const exampleName = stringOption(args, "example");
  const fields = listOption(args, "param").map(eventField);
  if (handshake && (secretEnv !== undefined || exampleName !== undefined || fields.length))
    throw new UsageError("BW3004", "--handshake sends no delivery: it takes no --secret-env, --example or --param");

  const { trigger, doc } = await findTrigger(triggerId, projectDirs(args, io.cwd).specs, io);
  // One deadline for the whole command, the answers' bodies included (read-body.ts), and Ctrl-C.
  const controller = new AbortController();
  void io.interrupted.then(() => controller.abort());
  const deadline = startDeadline(TIMEOUT_MS, controller.signal, { abortable: true });
  try {
    return handshake
      ? await sendHandshakes(trigger, to, io, deadline)
      : await sendDelivery(trigger, doc, to, io, deadline, { secretEnv, exampleName, fields });
  } catch (e) {
    if (e instanceof Interrupted) return 130;
    throw e;
  } finally {
    deadline.done();
  }
}

/** What the options say of the delivery to send. */
interface DeliveryOptions {
  secretEnv: string | undefined;
  exampleName: string | undefined;
  fields: { pointer: string[]; value: unknown }[];
}

/** The delivery made from the spec's example, signed, sent; its answer printed. */
async function sendDelivery(
  trigger: TriggerSpec,
  doc: Awaited<ReturnType<typeof findTrigger>>["doc"],
  to: URL,
  io: CliIo,
  deadline: Deadline,
  { secretEnv, exampleName, fields }: DeliveryOptions,
): Promise<number> {
  const triggerId = trigger.id;
  const { envVariableName } = await import("../model/naming.js");
  // An Ed25519 trigger's input is the public key, which signs nothing: the provider's side signs with the private key.
  const ed25519 = trigger.authentication.kind === "ed25519";
  const variable = secretEnv ?? envVariableName(trigger.provider, ed25519 ? "signingKey" : trigger.secretParam);
  const secret = io.env[variable];
  const holds = ed25519
    ? `the Ed25519 private key the provider signs ${triggerId}'s deliveries with`
    : `${triggerId}'s secret, ${trigger.secretParam}`;
  if (!secret)
    throw new UsageError(
      "BW3008",
      `${secretEnv !== undefined ? "--secret-env" : "the default variable"} ${variable}: ` +
        `environment variable ${variable} is not set (it holds ${holds})`,
    );
  const { eventMedia, eventExamples, deliveryBody, deliveryHeaders } = await import("../mocks/trigger-deliveries.js");
  const media = eventMedia(doc, trigger);
  const examples = media ? eventExamples(doc, media, trigger) : [];
  if (!media || !examples.length)
    throw new UsageError(
      "BW3012",
      `${triggerId}: the spec gives no example of its event and none could be drawn from its schema`,
    );
  const example = exampleName === undefined ? examples[0] : examples.find((e) => e.name === exampleName);
  if (!example)
    throw new UsageError(
      "BW3006",
      `unknown example ${JSON.stringify(exampleName)} of ${triggerId} (examples: ` +
        `${lineText(examples.map((e) => e.name).join(", "))})`,
    );
  const body = deliveryBody(trigger, media, example.body, { secret, fields });
  let headers: Record<string, string>;
  try {
    headers = await deliveryHeaders(trigger, media, body, { secret, url: to.href });
  } catch (e) {
    throw new UsageError("BW3008", `${variable}: ${redact((e as Error).message, [secret])}`);
  }
  const { verifyEvent } = await import("@blockwright/runtime/internal");
  const { verifyingKey } = await import("../mocks/trigger-deliveries.js");
  const own = await verifyEvent(
    trigger,
    { method: "POST", url: to.href, headers, body },
    { secret: verifyingKey(trigger, secret) },
  );
  if (!own.ok)
    io.stderr.write(
      `emit: warning: this delivery does not verify here either: ${own.error.code}: ` +
        `${lineText(redact(own.error.message, [secret]))}\n`,
    );
  const answer = await exchange(to, { method: "POST", headers, body }, deadline);
  const event = own.ok ? ` event ${outside(own.events.map((e) => e.id).join(", "), secret)}` : "";
  io.stdout.write(
    `${answer.status} ${outside(answer.statusText, secret)} ${trigger.id}${event} ` +
      `(example "${lineText(example.name)}", ${Buffer.byteLength(body)} bytes)${shown(answer.text, secret)}\n`,
  );
  return answer.status >= 200 && answer.status < 300 ? 0 : 1;
}

/**
 * The trigger `id` of the provider its id starts with, linked from the specs (the IR keeps the event's place in the
 * document).
 */
async function findTrigger(id: string, specs: string, io: CliIo) {
  const providers = await projectProviders(specs, io.cwd, []);
  const provider = providers.filter((p) => id.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0];
  if (!provider)
    throw new UsageError(
      "BW3006",
      `unknown trigger ${JSON.stringify(id)}: a trigger id starts with its provider's id and an underscore ` +
        `(providers: ${providers.join(", ")})`,
    );
  const { linkProvider } = await import("../emit/link-provider.js");
  const { ir, document } = await fromSpecs("blockwright emit", () => linkProvider(io.cwd, join(specs, provider)));
  const trigger = ir.triggers?.find((t) => t.id === id);
  if (!trigger)
    throw new UsageError(
      "BW3006",
      `unknown trigger ${JSON.stringify(id)} (triggers of ${provider}: ` +
        `${ir.triggers?.map((t) => t.id).join(", ") || "none"})`,
    );
  return { trigger, doc: document };
}

/**
 * Each handshake the trigger declares, sent with a fresh token: answered when the token comes back as the provider
 * expects.
 */
async function sendHandshakes(trigger: TriggerSpec, to: URL, io: CliIo, deadline: Deadline): Promise<number> {
  if (!trigger.handshakes.length)
    throw new UsageError(
      "BW3012",
      `${trigger.id} declares no handshake (manifest handshakes): send a delivery instead`,
    );
  let answered = true;
  for (const h of trigger.handshakes) {
    if (h.kind === "echo-body") {
      // Signed like a delivery, and answered only then: `blockwright test`'s trigger cases send it.
      io.stdout.write(
        `${trigger.id} handshake: a body field echoed (${h.pointer.join("/")}) is sent signed, as a delivery: ` +
          `not sent here\n`,
      );
      continue;
    }
    const token = `blockwright handshake ${randomUUID().slice(0, 8)}`;
    const url = new URL(to);
    // The address's own pairs as the user wrote them (common/url/query-pairs.ts): `searchParams.set` would write them
    // again form-encoded, a form-style list's `a,b` as one value, `a%2Cb`.
    if (h.kind === "echo-query") {
      keepQueryPairs(url, (name) => name !== h.param);
      addQueryPairs(url, [new URLSearchParams({ [h.param]: token }).toString()]);
    }
    const answer = await exchange(
      url,
      {
        method: "POST",
        headers: { "content-type": "text/plain", ...(h.kind === "echo-header" ? { [h.header]: token } : {}) },
        body: "",
      },
      deadline,
    );
    const echoed =
      h.kind === "echo-query"
        ? answer.status === 200 &&
          answer.text === token &&
          /^text\/plain\b/i.test(answer.headers.get("content-type") ?? "")
        : answer.status === 200 && answer.headers.get(h.header) === token;
    answered &&= echoed;
    const what =
      h.kind === "echo-query" ? `the ${h.param} query parameter echoed as text/plain` : `the ${h.header} header echoed`;
    io.stdout.write(
      `${answer.status} ${outside(answer.statusText, "")} ${trigger.id} handshake: ` +
        `${echoed ? what : `not answered (expected ${what})`}${echoed ? "" : shown(answer.text, "")}\n`,
    );
  }
  return answered ? 0 : 1;
}

/** Ctrl-C or SIGTERM while a request was under way. */
class Interrupted extends Error {}

/**
 * Send one request (redirects not followed) and read its answer through the
 * runtime's reader: within the command's deadline, the body included, and at
 * most ANSWER_BYTES of it. `fetch`'s own `text()` read an endless answer for
 * as long as it came, the deadline's signal unheard once the body streamed.
 */
/** The receiver failed the exchange: exit 2 with the reason, without the usage line (the command was used right). */
const receiverProblem = (message: string) =>
  new CommandFailure(`blockwright emit: ${withCode("BW3011", message)}\n`, 2);

async function exchange(
  url: URL,
  request: { method: string; headers: Record<string, string>; body: string },
  deadline: Deadline,
): Promise<{ status: number; statusText: string; text: string; headers: Headers }> {
  const where = `--to ${lineText(url.origin)}`;
  let response: Response;
  try {
    response = await deadline.race(send((r) => fetch(r), { ...request, url: url.href }, deadline.signal));
  } catch (e) {
    if (deadline.cancelled) throw new Interrupted();
    const error = e as Error & { cause?: { code?: string; message?: string } };
    const why = deadline.timedOut
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : (error.cause?.code ?? error.cause?.message ?? error.message);
    throw receiverProblem(`${where}: cannot reach the receiver (${lineText(String(why))})`);
  }
  const answered = `${where}: the receiver answered ${response.status}`;
  let body: Awaited<ReturnType<typeof readBody>>;
  try {
    body = await deadline.race(readBody(response, ANSWER_BYTES, deadline));
  } catch (e) {
    if (deadline.cancelled) throw new Interrupted();
    if (deadline.timedOut)
      throw receiverProblem(
        `${answered}, but its answer did not end within ${TIMEOUT_MS / 1000} s (rule: ` +
          `the whole answer within ${TIMEOUT_MS / 1000} s): stopped reading`,
      );
    const error = e as Error & { cause?: { code?: string; message?: string } };
    throw receiverProblem(
      `${answered}, but its answer broke off (` +
        `${lineText(String(error.cause?.code ?? error.cause?.message ?? error.message))})`,
    );
  }
  if ("tooLarge" in body)
    throw receiverProblem(
      `${answered}, but its answer is larger than ${ANSWER_BYTES / 1024 / 1024} MiB (rule: ` +
        `an answer of at most ${ANSWER_BYTES} bytes): stopped reading`,
    );
  return { status: response.status, statusText: response.statusText, text: body.text, headers: response.headers };
}

/** Text from the receiver on one line: the secret taken out, then escaped. */
function outside(text: string, secret: string): string {
  return lineText(secret ? redact(text, [secret]) : text);
}

/**
 * The start of the receiver's answer, on one line, without the secret: the
 * whole answer redacted first, then cut (a secret the cut split would no
 * longer be found), then escaped.
 */
function shown(text: string, secret: string): string {
  const clean = (secret ? redact(text, [secret]) : text).trim();
  if (!clean) return "";
  const chars = [...clean.slice(0, 2 * SHOWN_CHARS + 2)];
  const cut = chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join("")}…` : clean;
  return `: ${lineText(cut)}`;
}

/** `--to`: an absolute https address, or http on loopback (a receiver under test). */
function receiverUrl(text: string | undefined): URL {
  if (text === undefined) throw new UsageError("BW3002", "missing --to <url>: the receiver's address");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      "BW3003",
      `--to takes an absolute address (https://…, or http://127.0.0.1:…), got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname)))
    throw new UsageError(
      "BW3003",
      `--to must be https, or http on loopback (localhost, 127.0.0.1, [::1]), ` +
        `got ${JSON.stringify(`${url.protocol}//${url.host}`)}`,
    );
  if (url.username || url.password)
    throw new UsageError("BW3003", "--to takes no user name or password in the address");
  return url;
}

/**
 * `--param /pointer=value` (a string) or `/pointer:=json`. The event holding
 * it may nest at most MAX_NESTING levels, its pointer's included: deeper, the
 * body could not be written (JSON.stringify ran out of stack: exit 70).
 */
function eventField(entry: string): { pointer: string[]; value: unknown } {
  const eq = entry.indexOf("=");
  if (!entry.startsWith("/") || eq < 2)
    throw new UsageError(
      "BW3003",
      `--param takes /pointer=value (a field of the event, e.g. /data/id=zq-1), ` +
        `got ${JSON.stringify(entry.split("=")[0])}…`,
    );
  const json = entry[eq - 1] === ":";
  const written = entry.slice(0, json ? eq - 1 : eq);
  const pointer = written
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const shown = JSON.stringify(written.length > 60 ? `${written.slice(0, 60)}…` : written);
  if (pointer.length > MAX_NESTING)
    throw new UsageError(
      "BW3003",
      `--param ${shown}: the pointer has ${pointer.length} segments, so the event would be ${NESTING_RULE}`,
    );
  const text = entry.slice(eq + 1);
  if (!json) return { pointer, value: text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(
      "BW3003",
      `--param ${entry.slice(0, eq + 1)}: the value after := must be JSON (${(e as Error).message})`,
    );
  }
  // The value's top level is the pointer's last: the levels left to it are those the pointer leaves.
  const deep = tooDeep(value, MAX_NESTING - pointer.length);
  if (deep)
    throw new UsageError(
      "BW3003",
      `--param ${shown}: the event would be ${NESTING_RULE} (${pointer.length} of them the pointer's), ` +
        `got a value nested deeper at ${shownPath(deep)}`,
    );
  return { pointer, value };
}
