// A reply's secrets: the outputs a manifest marks `secret` (a created API key, a webhook's signing secret, a one-time
// password). A call returns them to its caller and to the blocks that reference them, which is why it was made; what
// prints or keeps a result (`call`, recordings, run records, reports, failures, an agent's tool result) withholds them
// as it withholds a secret parameter, by their texts in any encoding (redact.ts), wherever else in the result they
// are (a `data` output holding the whole reply).
import { REDACTED, redactDeep } from "./redact.js";
import { secretTexts } from "./secret-texts.js";

/** A tool as read here: its outputs' paths, where they are read from, and which are secret (OutputSpec). */
type SecretMarked = {
  readonly outputs: readonly { readonly path: string; readonly secret?: boolean; readonly source?: unknown }[];
};

/** The paths of a tool's secret outputs (none for most tools). */
export function secretOutputPaths(tool: SecretMarked): string[] {
  return tool.outputs.filter((o) => o.secret).map((o) => o.path);
}

/**
 * A result's secret outputs as what to look for: `texts`, a text itself (a list of texts each item and the list
 * written whole: secret-texts.ts) and each text inside an object; `numbers`, a number as written (a numeric one-time
 * code), looked for in texts only: another number equal to it (a count, a rank) is no echo of it, and the value itself
 * is withheld by its place.
 */
export function handedSecrets(tool: SecretMarked, output: unknown): { texts: string[]; numbers: string[] } {
  const found = { texts: [] as string[], numbers: [] as string[] };
  if (output === null || typeof output !== "object") return found;
  for (const path of secretOutputPaths(tool)) textsOf(readOutputPath(output as Record<string, unknown>, path), found);
  return found;
}

/** Every text a result's secret outputs are looked for by (handedSecrets: its texts and numbers). */
export function secretOutputTexts(tool: SecretMarked, output: unknown): string[] {
  const { texts, numbers } = handedSecrets(tool, output);
  return [...texts, ...numbers];
}

function textsOf(value: unknown, into: { texts: string[]; numbers: string[] }): void {
  if (typeof value === "number") into.numbers.push(String(value));
  else if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))
    into.texts.push(...secretTexts(value));
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) textsOf(v, into);
}

/**
 * A result as it may be printed or kept: each secret output's value masked at its place (REDACTED, whatever its
 * length: a 6-digit code too), and at its place inside an output holding the part of the reply it is read from (a
 * `data` output of the whole reply); its texts redacted everywhere else, in any encoding, with `secrets` (the call's
 * own) and `numbers` (secret numbers handed out before, looked for in texts only). The same object where the tool has
 * no secret output and none is given.
 */
export function withheldOutputs<T>(
  tool: SecretMarked,
  result: T,
  secrets: readonly string[] = [],
  numbers: readonly string[] = [],
): T {
  const paths = secretOutputPaths(tool);
  const output = paths.length ? outputOf(result) : undefined;
  const own = output ? handedSecrets(tool, output) : { texts: [], numbers: [] };
  const texts = [...secrets, ...own.texts];
  const digits = [...numbers, ...own.numbers];
  let redacted = texts.length ? redactDeep(result, texts) : result;
  if (digits.length) redacted = redactDeep(redacted, digits, false);
  const output2 = paths.length ? outputOf(redacted) : undefined;
  if (!output2) return redacted;
  // Copied along each path before it is masked: redactDeep hands back the value itself when no text is long enough
  // to look for, and the caller's result is never changed.
  let masked = output2;
  for (const keys of secretPlaces(tool)) masked = maskedAt(masked, keys);
  return (
    redacted !== null && typeof redacted === "object" && "success" in redacted
      ? { ...redacted, output: masked }
      : masked
  ) as T;
}

/**
 * Where a result holds each secret output's value: its own path, and its place inside each output read from the
 * reply's body above it (an output of `$response.body` holding the whole reply: the secret's pointer past that one's).
 */
function secretPlaces(tool: SecretMarked): string[][] {
  const places: string[][] = [];
  for (const secret of tool.outputs.filter((o) => o.secret)) {
    places.push(secret.path.split("."));
    const from = bodyPointer(secret.source);
    if (!from) continue;
    for (const holder of tool.outputs) {
      const at = bodyPointer(holder.source);
      if (holder === secret || !at || at.length >= from.length || at.some((key, i) => from[i] !== key)) continue;
      places.push([...holder.path.split("."), ...from.slice(at.length)]);
    }
  }
  return places;
}

/** The reply body's pointer an output is read from (spec/reply-types.ts OutputSource, read by its shape here). */
function bodyPointer(source: unknown): readonly string[] | undefined {
  const ref = source !== null && typeof source === "object" ? (source as { ref?: unknown }).ref : undefined;
  if (ref === null || typeof ref !== "object") return undefined;
  const { kind, pointer } = ref as { kind?: unknown; pointer?: unknown };
  return kind === "body" && Array.isArray(pointer) ? (pointer as string[]) : undefined;
}

/** `value` with the value at `keys` REDACTED, each object or list on the way copied; as it is where nothing is. */
function maskedAt<V>(value: V, keys: readonly string[]): V {
  const [key, ...rest] = keys;
  if (key === undefined || value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return value;
  const inner = (value as Record<string, unknown>)[key];
  if (inner === undefined) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[key] = rest.length ? maskedAt(inner, rest) : REDACTED;
  return (rest.length && copy[key] === inner ? value : copy) as V;
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
