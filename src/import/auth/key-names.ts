// An API key scheme whose published `name` is no name a request can carry
// (prose such as `name: "Example API Key"`, where a header name is a token)
// while the scheme's own key is one and its description names that key as
// where the value goes ("The Zq-Key header parameter is …"): the document
// says where the key goes twice, and only one of the two can be sent. The
// draft takes the key, writes the cut's scheme so and says it in the cut's
// header and a review note. Without that evidence the scheme is one the
// runtime cannot send (credential.ts leaves it out of the choice, and add
// names it when no other is left).
import { slotNameProblem } from "../../model/naming.js";
import type { ReviewNote } from "../manifest-yaml.js";

type Json = Record<string, unknown>;

/** A scheme's name as published and as the draft writes it. */
export interface KeyName {
  written: string;
  read: string;
}

const PLACES = new Set(["header", "query", "cookie"]);

/** Why `name` cannot carry a key sent in `place` (a cookie's name is a token, as a header's). */
export function keyNameProblem(place: unknown, name: unknown): string | undefined {
  if (!PLACES.has(String(place)) || typeof name !== "string") return undefined;
  return slotNameProblem(place === "query" ? "query" : "header", name);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The document's key schemes whose published name no request carries, read as their key (see above). */
export function keyNamesFromSchemes(document: Json): Map<string, KeyName> {
  const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, unknown>;
  const read = new Map<string, KeyName>();
  for (const [key, value] of Object.entries(schemes)) {
    if (!value || typeof value !== "object") continue;
    const scheme = value as Json;
    if (scheme.type !== "apiKey" || !keyNameProblem(scheme.in, scheme.name) || keyNameProblem(scheme.in, key)) continue;
    // The key named as a word of the description: not a longer name it is part of.
    const named = new RegExp(`(^|[^A-Za-z0-9_-])${escaped(key)}($|[^A-Za-z0-9_-])`);
    if (typeof scheme.description === "string" && named.test(scheme.description))
      read.set(key, { written: scheme.name as string, read: key });
  }
  return read;
}

/** The document with those schemes' names as read (a shallow copy; the published one stays as it is). */
export function withKeyNames(document: Json, names: ReadonlyMap<string, KeyName>): Json {
  if (!names.size) return document;
  const components = document.components as Json;
  const schemes = { ...(components.securitySchemes as Json) };
  for (const [key, { read }] of names) schemes[key] = { ...(schemes[key] as Json), name: read };
  return { ...document, components: { ...components, securitySchemes: schemes } };
}

/** The cut's schemes written with the names read (in place); what changed, for the cut's header. */
export function respeltKeyNames(cut: Json, names: ReadonlyMap<string, KeyName>): string[] {
  const schemes = ((cut.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  return [...names]
    .filter(([key]) => schemes[key])
    .map(([key, { written, read }]) => {
      (schemes[key] as Json).name = read;
      return `components.securitySchemes.${key}.name ${JSON.stringify(written)} written ${JSON.stringify(read)}`;
    });
}

/** The review note on each name read so: a person checks the API's documentation. */
export function keyNameNotes(changed: readonly string[]): ReviewNote[] {
  return changed.map((change) => ({
    at: ["auth"],
    note:
      `openapi.yaml's ${change}: the published name is none a request carries, and the scheme's key, which its ` +
      "description names, is: check the API's documentation for where the key goes",
  }));
}
