// The secrets a reply hands out (outputs marked `secret`: a created key, a session token), read from the answers as
// the outputs read them: what quotes an answer (a contract case's failure, a `verify` report or recording) redacts
// them with the call's own secrets. Read from the answer rather than the result: a failed or refused call has none.
import { getAtPointer, secretOutputTexts, type ToolSpec } from "@blockwright/runtime/internal";

/** One place an output reads (its source, or each place of a first-of source); a constant source reads none. */
type ReadPlace = {
  readonly value?: unknown;
  readonly ref?: { readonly kind: string; readonly pointer?: readonly string[]; readonly name?: string };
};

/** An answer as a case or a probe saw it. */
interface Answer {
  readonly responseBody: string;
  readonly responseHeaders: Headers | Readonly<Record<string, string>>;
}

/** The texts of the secret outputs each answer holds, in any form secretOutputTexts gives. */
export function handedSecrets(tool: ToolSpec, answers: readonly Answer[]): string[] {
  const secret = tool.outputs.filter((o) => o.secret);
  if (!secret.length || !answers.length) return [];
  const texts: string[] = [];
  for (const answer of answers) {
    const body = parsed(answer.responseBody);
    for (const output of secret) {
      const places: readonly ReadPlace[] = "first" in output.source ? output.source.first : [output.source];
      for (const place of places) {
        const value = valueAt(place, body, answer.responseHeaders);
        // One output path alone: secretOutputTexts reads a text, a number, a list or an object's texts.
        if (value !== undefined)
          texts.push(...secretOutputTexts({ outputs: [{ path: "v", secret: true }] }, { v: value }));
      }
    }
  }
  return [...new Set(texts)];
}

function valueAt({ ref }: ReadPlace, body: unknown, headers: Answer["responseHeaders"]): unknown {
  if (ref?.kind === "body" && ref.pointer) return body === undefined ? undefined : getAtPointer(body, ref.pointer);
  if (ref?.kind !== "header" || !ref.name) return undefined;
  const name = ref.name.toLowerCase();
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: a text answer's outputs read no pointer.
    return undefined;
  }
}
