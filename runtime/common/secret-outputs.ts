// A reply's secrets: the outputs a manifest marks `secret` (a created API key, a webhook's signing secret, a one-time
// password). A call returns them to its caller and to the blocks that reference them, which is why it was made; what
// prints or keeps a result (`call`, recordings, run records, reports, failures, an agent's tool result) withholds them
// as it withholds a secret parameter, by their texts in any encoding (redact.ts), wherever else in the result they
// are (a `data` output holding the whole reply).
import { REDACTED, redactDeep } from "./redact.js";
import { secretTexts } from "./secret-texts.js";

/** A tool as read here: its outputs' paths and which are secret (spec/reply-types.ts OutputSpec). */
type SecretMarked = { readonly outputs: readonly { readonly path: string; readonly secret?: boolean }[] };

/** The paths of a tool's secret outputs (none for most tools). */
export function secretOutputPaths(tool: SecretMarked): string[] {
  return tool.outputs.filter((o) => o.secret).map((o) => o.path);
}

/**
 * The texts of a result's secret outputs: a text itself (a list of texts each item and the list written whole:
 * secret-texts.ts), a number as written (a numeric one-time code), each text and number inside an object.
 */
export function secretOutputTexts(tool: SecretMarked, output: unknown): string[] {
  if (output === null || typeof output !== "object") return [];
  const texts: string[] = [];
  for (const path of secretOutputPaths(tool)) textsOf(readOutputPath(output as Record<string, unknown>, path), texts);
  return texts;
}

function textsOf(value: unknown, into: string[]): void {
  if (typeof value === "number") into.push(String(value));
  else if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))
    into.push(...secretTexts(value));
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) textsOf(v, into);
}

/**
 * A result as it may be printed or kept: each secret output's value masked at its place (REDACTED, whatever its
 * length: a 6-digit code too), its texts redacted everywhere else, in any encoding, with `secrets` (the call's own).
 * The same object where the tool has no secret output and no secret is given.
 */
export function withheldOutputs<T>(tool: SecretMarked, result: T, secrets: readonly string[] = []): T {
  const paths = secretOutputPaths(tool);
  if (!paths.length) return secrets.length ? redactDeep(result, secrets) : result;
  const output = outputOf(result);
  const texts = output ? secretOutputTexts(tool, output) : [];
  const redacted = redactDeep(result, [...secrets, ...texts]);
  const output2 = outputOf(redacted);
  if (!output2) return redacted;
  // Copied along each path before it is masked: redactDeep hands back the value itself when no text is long enough
  // to look for, and the caller's result is never changed.
  let masked = output2;
  for (const path of paths) masked = maskedAt(masked, path.split("."));
  return (
    redacted !== null && typeof redacted === "object" && "success" in redacted
      ? { ...redacted, output: masked }
      : masked
  ) as T;
}

/** `value` with the value at `keys` REDACTED, each object on the way copied; as it is where nothing is there. */
function maskedAt(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const [key, ...rest] = keys;
  if (key === undefined || !Object.hasOwn(value, key) || value[key] === undefined) return value;
  const inner = value[key];
  if (!rest.length) return { ...value, [key]: REDACTED };
  if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return value;
  return { ...value, [key]: maskedAt(inner as Record<string, unknown>, rest) };
}

/** The output object of a result (`{success, output}`) or a result's output itself. */
function outputOf(result: unknown): Record<string, unknown> | undefined {
  if (result === null || typeof result !== "object") return undefined;
  const own = (result as { output?: unknown }).output;
  if ("success" in result)
    return own !== null && typeof own === "object" ? (own as Record<string, unknown>) : undefined;
  return result as Record<string, unknown>;
}

/** The value at a dotted output path (`metadata.apiKey`) of a result's output, its own keys only; or undefined. */
function readOutputPath(output: Record<string, unknown>, dotted: string): unknown {
  let node: unknown = output;
  for (const key of dotted.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
