// The request's Accept held to what the operation answers in: a request whose Accept admits none of the media types
// the document declares for its answers (success or error) asks for an answer the service cannot give, and a service
// that negotiates answers 406. The runtime names what each tool reads (link/answer-types/accept.ts); without this
// check a runtime that asked for `text/csv` of a JSON-only operation, or for JSON alone of a CSV one, passed every
// case. An Accept absent admits anything (RFC 9110 §12.5.1), and so does an operation declaring no content.
// Negotiator (the `accepts` of Express and of Prism's own negotiation) reads the header: its lists, quoted
// parameters, q-values (q=0 excluding a type a wider range admits) and wildcards, which a hand parser misses.
import Negotiator from "negotiator";
import { isMediaType } from "../load/media-types.js";
import type { Refusal } from "./refusal.js";
import { quoted } from "./refusal.js";

/** Where a refusal of the Accept header points in the request. */
const POINTER = "/header/accept";

/**
 * The refusal of `accept` (the request's Accept header, or null) where it admits none of `answers` (the media types
 * the operation's responses declare, as written); none where it admits one. `at`: where the responses are written.
 */
export function judgeAccept(accept: string | null, answers: readonly string[], at: string): Refusal[] {
  if (accept === null || accept.trim() === "" || answers.length === 0) return [];
  const negotiator = new Negotiator({ headers: { accept } });
  const exact = answers.filter((t) => !t.includes("*"));
  if (exact.length && negotiator.mediaTypes(exact).length) return [];
  // A range the document declares (`*/*`, `image/*`) admits what the Accept's ranges it overlaps ask for.
  const ranges = answers.filter((t) => t.includes("*")).map(typeParts);
  const asked = negotiator.mediaTypes().map(typeParts);
  if (ranges.some((r) => asked.some((a) => overlaps(r, a)))) return [];
  // A key that is no media type (`Promotion`, a schema's name written where its type goes) no Accept can name: any
  // type (`*/*`), which the runtime asks for then, admits it.
  if (answers.some((t) => !isMediaType(t)) && asked.some(([type, subtype]) => type === "*" && subtype === "*"))
    return [];
  return [
    {
      rule: "accept",
      at,
      pointer: POINTER,
      sent: quoted(accept),
      message: `the Accept header admits none of the media types the operation answers in (${answers.join(", ")})`,
    },
  ];
}

/** A media type's (or range's) type and subtype, lower case, its parameters left out. */
function typeParts(mediaType: string): [string, string] {
  const [type = "", subtype = ""] = (mediaType.split(";")[0] ?? "").trim().toLowerCase().split("/");
  return [type, subtype];
}

function overlaps([type, subtype]: [string, string], [otherType, otherSubtype]: [string, string]): boolean {
  const match = (a: string, b: string) => a === "*" || b === "*" || a === b;
  return match(type, otherType) && match(subtype, otherSubtype);
}
