// What each operation of a drafted manifest accepts of the document's security requirements (credential.ts chooses
// the ways drafted): those the runtime can meet, all it names, and whether it may go without; the notes on
// requirements split apart, optional authentication and operations that name none.
import { namedFew } from "../../named-few.js";

type Json = Record<string, unknown>;

/** A requirement's schemes as one key (order aside). */
const keyOf = (names: readonly string[]) => [...names].sort().join(" + ");

/** What one operation accepts: the requirements the runtime can meet (undefined: it names none), and all it names. */
export interface Accepted {
  id: string;
  ways: string[] | undefined;
  named: string[];
  /** Its security lists `{}` beside requirements: it may be called without a credential. */
  optional?: boolean;
}

/** For each operation, the requirements it accepts that the runtime can meet (undefined: it names none). */
export function acceptedWays(
  operations: readonly { id: string; op: Json }[],
  global: unknown,
  usable: (names: string[]) => boolean,
  apart: (names: string[]) => string[][],
  notes: string[],
): Accepted[] {
  const unsaid: string[] = [];
  /** How those operations' security is written: `[]`, or `[{}]` (one requirement naming nothing), quoted as written. */
  const unsaidForms = new Set<string>();
  const optionals: string[] = [];
  const parted: string[] = [];
  const accepted = operations.map(({ id, op }): Accepted => {
    const requirements = (Array.isArray(op.security) ? op.security : Array.isArray(global) ? global : undefined) as
      | Json[]
      | undefined;
    if (!requirements) return { id, ways: undefined, named: [] as string[] };
    // `security: []` (or only `{}`) names no scheme: as if it said nothing, the document's schemes are the candidates.
    if (requirements.every((r) => r && typeof r === "object" && !Object.keys(r).length)) {
      unsaid.push(id);
      unsaidForms.add(requirements.length ? "[{}]" : "[]");
      return { id, ways: undefined, named: [] as string[] };
    }
    const optional = requirements.some((r) => r && typeof r === "object" && !Object.keys(r).length);
    if (optional) optionals.push(id);
    const all = requirements
      .filter((r) => r && typeof r === "object" && Object.keys(r).length)
      .map((r) => Object.keys(r));
    const met = all.flatMap((names) => {
      const ways = apart(names);
      if (ways.length > 1) parted.push(`${id} (${keyOf(names)})`);
      return ways;
    });
    return { id, ways: met.filter(usable).map(keyOf), named: all.map(keyOf), optional };
  });
  if (parted.length)
    notes.push(
      `${namedFew(parted)}: a requirement whose schemes put two credentials in one place (the Authorization ` +
        "header), which a request carries once: drafted as either scheme, the rest of the requirement beside it",
    );
  if (optionals.length)
    notes.push(
      `${namedFew(optionals)} may also be called without a credential (${optionals.length === 1 ? "its" : "their"} ` +
        "security lists {}, authentication optional): the credential is sent when a call gives it, none when not",
    );
  // Beside operations that name a scheme, the cut keeps their `security: []` (cut-security.ts): none is sent to them.
  const sent = accepted.some((a) => a.named.length)
    ? `${unsaid.length === 1 ? "it is" : "they are"} sent none, as the document says, the others the one drafted`
    : "the manifest sends the one drafted";
  if (unsaid.length)
    notes.push(
      `${namedFew(unsaid)} ${unsaid.length === 1 ? "names" : "name"} no security scheme ` +
        `(security: ${[...unsaidForms].sort().join(" or ")}), which ` +
        "says no credential is needed (some servers leave authentication to the deployment): " +
        `${sent}; check whether the API needs it`,
    );
  return accepted;
}
