// A newer document that is no version of the pinned one: given an unrelated API's document, `upstream` reported each
// operation we call gone and nothing else, as though the vendor had removed them, and `--accept` would have cut them
// all out. Said when nothing ties the two: another title, no host in common, and not one operation we call left.
import type { UpstreamChange } from "./changes.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The warning, naming what differs, when `newer` looks like another API than `older`; undefined otherwise. */
export function anotherApiWarning(
  older: Json,
  newer: Json,
  changes: readonly UpstreamChange[],
  called: number,
): string | undefined {
  if (called === 0) return undefined;
  const gone = new Set(changes.filter((c) => c.kind === "api-removed").flatMap((c) => c.tools));
  if (gone.size < called) return undefined;
  const [was, now] = [titleOf(older), titleOf(newer)];
  if (was.toLowerCase() === now.toLowerCase()) return undefined;
  const [hostsWas, hostsNow] = [hostsOf(older), hostsOf(newer)];
  if ([...hostsNow].some((h) => hostsWas.has(h))) return undefined;
  const hosts = (set: Set<string>) => (set.size ? [...set].join(", ") : "none");
  return (
    `the newer document looks like another API: its title ${JSON.stringify(now)} and hosts (${hosts(hostsNow)}) ` +
    `are not the pinned document's (${JSON.stringify(was)}; ${hosts(hostsWas)}), and it has none of the ${called} ` +
    `operation${called === 1 ? "" : "s"} we call: check the file before --accept, which would cut them all out`
  );
}

const titleOf = (doc: Json) => String(object(doc.info).title ?? "").trim();

/** The hosts a document's servers (OpenAPI 3) or host (Swagger 2) name; a relative or templated address none. */
function hostsOf(doc: Json): Set<string> {
  const out = new Set<string>();
  if (typeof doc.host === "string") out.add(doc.host.toLowerCase());
  for (const server of Array.isArray(doc.servers) ? doc.servers : []) {
    const url = object(server).url;
    if (typeof url !== "string" || url.includes("{")) continue;
    try {
      out.add(new URL(url).host.toLowerCase());
    } catch {
      // A relative address names no host.
    }
  }
  return out;
}
