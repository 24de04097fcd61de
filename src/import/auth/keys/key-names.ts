// An API key scheme whose published `name` is no name a request can carry
// (prose such as `name: "Example API Key"`, where a header name is a token)
// while the scheme's own key is one and its description names that key as
// where the value goes ("The Zq-Key header parameter is …"): the document
// says where the key goes twice, and only one of the two can be sent. The
// draft takes the key, writes the cut's scheme so and says it in the cut's
// header and a review note. Without that evidence the scheme is one the
// runtime cannot send (credential.ts leaves it out of the choice, and add
// names it when no other is left).
//
// A header name that holds the start of its value (`name: "Authorization:
// Bearer"`, the header, a colon and what goes before the key) is read so too:
// the key goes in the header named, after the words written.
import { slotNameProblem } from "../../../model/naming.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { NAMED_PREFIX, prefixOfExample } from "./key-prefix.js";

type Json = Record<string, unknown>;

/** A scheme's name as published and as the draft writes it. */
export interface KeyName {
  written: string;
  read: string;
  /** What the published name wrote after the header's, sent before the key (`Bearer `). */
  prefix?: string;
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
    if (scheme.type !== "apiKey" || !keyNameProblem(scheme.in, scheme.name)) continue;
    const headed = scheme.in === "header" ? headerWithValueStart(scheme.name as string) : undefined;
    if (headed) {
      read.set(key, { written: scheme.name as string, ...headed });
      continue;
    }
    if (keyNameProblem(scheme.in, key)) continue;
    // The key named as a word of the description: not a longer name it is part of.
    const named = new RegExp(`(^|[^A-Za-z0-9_-])${escaped(key)}($|[^A-Za-z0-9_-])`);
    if (typeof scheme.description === "string" && named.test(scheme.description))
      read.set(key, { written: scheme.name as string, read: key });
  }
  return read;
}

// A header name, a colon, then one or two words of printable ASCII (`Bearer`, `Token token=`), or an example of the
// value (`Bearer <token>`).
const HEADED = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(\S.{0,62})$/;
const VALUE_START = /^[!-~]+(?: [!-~]+)?$/;
const STAND_IN = /[<>{}[\]]/;

/** `Authorization: Bearer` read as the header `Authorization` and the prefix `Bearer `. */
function headerWithValueStart(name: string): { read: string; prefix: string } | undefined {
  const [, header, rest] = HEADED.exec(name.trim()) ?? [];
  if (!header || !rest || keyNameProblem("header", header)) return undefined;
  const shown = prefixOfExample(name, header);
  if (shown) return { read: header, prefix: shown };
  const words = rest.trimEnd();
  if (!VALUE_START.test(words) || STAND_IN.test(words)) return undefined;
  return { read: header, prefix: /[=:]$/.test(words) ? words : `${words} ` };
}

/** The document with those schemes' names as read (a shallow copy; the published one stays as it is). */
export function withKeyNames(document: Json, names: ReadonlyMap<string, KeyName>): Json {
  if (!names.size) return document;
  const components = document.components as Json;
  const schemes = { ...(components.securitySchemes as Json) };
  for (const [key, { read, written, prefix }] of names)
    schemes[key] = {
      ...(schemes[key] as Json),
      name: read,
      ...(prefix ? { [NAMED_PREFIX]: { prefix, written } } : {}),
    };
  return { ...document, components: { ...components, securitySchemes: schemes } };
}

/** A name read, as the cut's header says it, and why, as its review note does. */
export interface KeyNameChange {
  change: string;
  why: string;
}

/** The cut's schemes written with the names read (in place); what changed, for the cut's header. */
export function respeltKeyNames(cut: Json, names: ReadonlyMap<string, KeyName>): KeyNameChange[] {
  const schemes = ((cut.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  return [...names]
    .filter(([key]) => schemes[key])
    .map(([key, { written, read, prefix }]) => {
      (schemes[key] as Json).name = read;
      const names = `${JSON.stringify(written)} written ${JSON.stringify(read)}`;
      const change = `components.securitySchemes.${key}.name ${names}`;
      return prefix
        ? {
            change: `${change}, the key sent after ${JSON.stringify(prefix)}`,
            why: "the published name holds the header's name and, after a colon, the start of its value",
          }
        : {
            change,
            why: "the published name is none a request carries, and the scheme's key, which its description names, is",
          };
    });
}

/** The review note on each name read so: a person checks the API's documentation. */
export function keyNameNotes(changed: readonly KeyNameChange[]): ReviewNote[] {
  return changed.map(({ change, why }) => ({
    at: ["auth"],
    note: `openapi.yaml's ${change}: ${why}: check the API's documentation for where the key goes`,
  }));
}
