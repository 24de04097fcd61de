// A key scheme that is no credential: a header naming the API's host (an API gateway's `X-RapidAPI-Host` declared as
// an `apiKey` scheme beside its `X-RapidAPI-Key`), whose value is the host name of the server the call goes to. As a
// scheme it was either left out of the draft (the key ranked first, the host never sent: the gateway answers 4xx) or
// drafted as a second secret. It is read as what it is: a header parameter of the operations, never secret, its
// default the host of the document's server for that gateway (a server whose host holds the header's other words,
// else the first), asked of the caller where no server gives one. Required where every requirement the operation
// accepts names it (or none names any scheme), optional, with the host as its example, where only some do.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { followLocalRefs } from "../../../load/json-ref.js";
import { nameWords } from "../../../load/schemas/name-words.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** A header key scheme whose name's last word is a host's (`host`, `hostname`): the API's host name, no secret. */
function isHostKey(scheme: unknown): boolean {
  const s = object(scheme);
  if (s.type !== "apiKey" || s.in !== "header" || typeof s.name !== "string") return false;
  return /^host(name)?$/.test(nameWords(s.name).at(-1) ?? "");
}

/** The host name the header carries: that of the server whose host holds the header's other words, else the first. */
function hostOf(doc: Json, header: string): string | undefined {
  const hosts = (Array.isArray(doc.servers) ? doc.servers : []).flatMap((s) => {
    const url = object(s).url;
    if (typeof url !== "string" || url.includes("{")) return [];
    try {
      return [new URL(url).hostname];
    } catch {
      return [];
    }
  });
  const words = nameWords(header)
    .slice(0, -1)
    .filter((w) => w !== "x");
  const joined = words.join("");
  return (joined.length > 2 ? hosts.find((h) => h.toLowerCase().includes(joined)) : undefined) ?? hosts[0];
}

/** `security` without the names of `left`; a requirement that named only them is gone. */
function without(security: unknown, left: ReadonlySet<string>): unknown {
  if (!Array.isArray(security)) return security;
  return security.flatMap((r) => {
    const names = Object.keys(object(r));
    if (!names.some((n) => left.has(n))) return [r];
    const rest = Object.fromEntries(Object.entries(object(r)).filter(([n]) => !left.has(n)));
    return Object.keys(rest).length ? [rest] : [];
  });
}

/**
 * The document with its host key schemes (beside a credential scheme) read as header parameters of the chosen
 * operations (a shallow copy where anything changes), the notes and what was changed, for the cut's header.
 */
export function withHostKeysAsParams(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const declared = object(object(doc.components).securitySchemes);
  const hostSchemes = Object.keys(declared).filter((n) => isHostKey(declared[n]));
  if (!hostSchemes.length || hostSchemes.length === Object.keys(declared).length)
    return { document: doc, notes: [], added: [] };
  const left = new Set(hostSchemes);
  const paths = object(doc.paths);
  const copy: Json = { ...doc, paths: { ...paths } };
  if (doc.security !== undefined) copy.security = without(doc.security, left);
  copy.components = {
    ...object(doc.components),
    securitySchemes: Object.fromEntries(Object.entries(declared).filter(([n]) => !left.has(n))),
  };
  const copied = copy.paths as Record<string, Json>;
  // Every operation's requirements lose the host schemes (an unchosen one as well: the cut takes whole path items).
  for (const [path, item] of Object.entries(paths)) {
    if (!OPERATION_METHODS.some((m) => Array.isArray(object(object(item)[m]).security))) continue;
    const next: Json = { ...object(item) };
    for (const m of OPERATION_METHODS)
      if (Array.isArray(object(next[m]).security))
        next[m] = { ...object(next[m]), security: without(object(next[m]).security, left) };
    copied[path] = next;
  }
  const added: string[] = [];
  const notes: string[] = [];
  for (const name of hostSchemes) {
    const header = String(object(declared[name]).name);
    const host = hostOf(doc, header);
    const places: string[] = [];
    for (const c of chosen) {
      const op = object(object(paths[c.path])[c.method]);
      const requirements = (Array.isArray(op.security) ? op.security : doc.security) as unknown;
      const named = Array.isArray(requirements) ? requirements.map((r) => Object.keys(object(r))) : [];
      const some = named.some((n) => n.includes(name));
      // Named by no requirement while others are: this operation never sends it.
      if (!some && named.some((n) => n.length)) continue;
      const required = !named.some((n) => n.length) || named.every((n) => n.includes(name));
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      if (own.some((p) => object(p).in === "header" && String(object(p).name).toLowerCase() === header.toLowerCase()))
        continue;
      const param = {
        name: header,
        in: "header",
        required,
        description:
          `The API's host name (added by blockwright add from the security scheme ${name}, which names no ` +
          `credential: a header sent as it is${required ? "" : `, with the requirement naming it`}).`,
        schema: { type: "string", ...(host && required ? { default: host } : {}), ...(host ? { example: host } : {}) },
      };
      const item = object(copied[c.path]);
      copied[c.path] = { ...item, [c.method]: { ...object(item[c.method]), parameters: [...own, param] } };
      places.push(`${c.method.toUpperCase()} ${c.path}`);
    }
    added.push(
      `components.securitySchemes.${name} left out and the header parameter ${header} added to ` +
        `${places.length ? places.join(", ") : "no chosen operation"} (the scheme names the API's host, no credential` +
        `${host ? `: ${host}, from the servers` : ""})`,
    );
    notes.push(
      `security scheme ${name} (apiKey in header ${header}) names the API's host, not a credential: drafted as the ` +
        `header parameter ${header}, not secret${host ? `, ${host} (of the document's servers) its value` : ""}; ` +
        "check the value the API expects",
    );
  }
  return { document: copy, notes, added };
}

/** A declared parameter, its local `$ref`s followed. */
function resolved(doc: Json, p: unknown): Json {
  return object(followLocalRefs(doc, p));
}

/** A required header naming the API's host (`X-Zq-Host`) that the document gives no value: no default, no enum. */
function hostWithoutValue(p: Json): boolean {
  if (p.in !== "header" || p.required !== true || typeof p.name !== "string") return false;
  if (!/^host(name)?$/.test(nameWords(p.name).at(-1) ?? "")) return false;
  const schema = object(p.schema);
  return schema.default === undefined && schema.enum === undefined && schema.const === undefined;
}

/**
 * The document with each required host header parameter of the chosen operations that it gives no value (an API
 * gateway's `X-RapidAPI-Host` declared as a plain required header) given the host of the document's server as its
 * default, as the scheme form is above: every caller was asked for the host the document already names. Never
 * secret. A shallow copy where anything changes; the parameter is written into the operation (a `$ref` resolved).
 */
export function withHostParamDefaults(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const paths = object(doc.paths);
  const copied: Record<string, Json> = { ...(paths as Record<string, Json>) };
  const given = new Map<string, string[]>();
  for (const c of chosen) {
    const item = object(copied[c.path]);
    const op = object(item[c.method]);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const own = Array.isArray(op.parameters) ? op.parameters : [];
    const key = (p: unknown) => `${resolved(doc, p).in}:${String(resolved(doc, p).name).toLowerCase()}`;
    // The path item's parameters the operation does not declare again, then its own: the ones it sends.
    const inherited = shared.filter((p) => !own.some((o) => key(o) === key(p)));
    const defaults = new Map<string, Json>();
    for (const p of [...inherited, ...own].map((q) => resolved(doc, q)).filter(hostWithoutValue)) {
      const host = hostOf(doc, String(p.name));
      if (host) defaults.set(key(p), { ...p, schema: { ...object(p.schema), default: host } });
    }
    if (!defaults.size) continue;
    // Written into the operation, which a path item's parameter of the same name and place gives way to.
    const written = [
      ...own.map((p) => defaults.get(key(p)) ?? p),
      ...inherited.flatMap((p) => defaults.get(key(p)) ?? []),
    ];
    copied[c.path] = { ...item, [c.method]: { ...op, parameters: written } };
    for (const p of defaults.values()) {
      const [name, host] = [String(p.name), String(object(p.schema).default)];
      given.set(`${name}\u0000${host}`, [
        ...(given.get(`${name}\u0000${host}`) ?? []),
        `${c.method.toUpperCase()} ${c.path}`,
      ]);
    }
  }
  if (!given.size) return { document: doc, notes: [], added: [] };
  const each = [...given].map(([key, places]) => {
    const [name, host] = key.split("\u0000") as [string, string];
    return { name, host, places };
  });
  return {
    document: { ...doc, paths: copied },
    added: each.map(
      ({ name, host, places }) =>
        `the default ${host} of the header parameter ${name} in ${places.join(", ")} (a required host header the ` +
        "document gives no value: the host of its server)",
    ),
    notes: each.map(
      ({ name, host }) =>
        `header parameter ${name} names the API's host and the document gives it no value: drafted with the host of ` +
        `its server, ${host}, as its default, not secret; check the value the API expects`,
    ),
  };
}
