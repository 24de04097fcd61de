// What an operation's path says that the draft keeps to the letter and a person must check: two parameters touching in
// one segment, and a first segment that is where the call would go. Some published documents put the address in the
// path, on a server that is not it: a parameter whose example is a whole address or, by its name or description, an
// endpoint's host name (`/{fulfillmentEndpoint}/pvt/orders`, example `https://seller.example.com`), or a host name
// written out (`/{accountName}.zqshop.com.br/api/orders`). OpenAPI's path templating makes each such value one escaped
// segment under the document's server (`https://api.example/https%3A%2F%2Fseller…/pvt/orders`): the call does not go
// to that address. Before the note, the draft said nothing of it, and its calls went to the document's server.
// And a path value at the path's end named a path (a proxy's `/proxy/{anyPath}`) or described as a file's or a folder's
// path (`/raw/{file}`, "path to the file") that the document does not mark as spanning segments: OpenAPI's simple style
// escapes its "/" (a path value MUST NOT carry one unescaped), and the documents' own generated clients send it so, so
// the draft keeps the letter and says how to mark it where the API reads segments; a description asking for the value
// encoded ("URL-encoded full path") says it is one segment, and no note is written.
import { ASKS_ENCODING, multiSegmentMarker } from "../../../load/operations/multi-segment.js";
import { followLocalRefs } from "../../../load/json-ref.js";
import type { OpenApiOperation } from "../../../load/openapi-types.js";
import { dnsNameShaped, dottedPathsUnderRealServer } from "./host-shape.js";

type Json = Record<string, unknown>;

/** A whole http(s) address. */
const ADDRESS = /^https?:\/\/[^\s/?#]+/i;
/** A host name of three or more labels (literal or a `{variable}`) in a DNS name's shape: `seller.example.com`. */
const isHost = (text: string) => text.split(".").length >= 3 && dnsNameShaped(text);
/** A parameter's name or description saying its value is where calls go. */
const ENDPOINT_WORDS = /endpoint|url\b|uri\b|base.?address/i;

/** The review notes of an operation's path (none when it says nothing a person must check). */
export function pathNotes(data: Json, op: OpenApiOperation, name: string, rawOp: Json): string[] {
  const notes: string[] = [];
  const touching = op.path.split("/").find((segment) => /\}\{/.test(segment));
  if (touching !== undefined)
    notes.push(
      `${name} takes two parameters with nothing between them in one path segment (${touching}): a service ` +
        "cannot tell where the first value ends; check what it expects there (a separator one value starts with)",
    );
  const address = addressInPath(data, op, rawOp);
  if (address) {
    const servers = Array.isArray(data.servers) ? (data.servers as Json[]) : [];
    const server = typeof servers[0]?.url === "string" ? JSON.stringify(servers[0].url) : "the document's server";
    notes.push(
      `${name}'s path begins with ${address}, though its server is ${server}: OpenAPI's path template makes it ` +
        "one segment of the path there (a parameter's value escaped), not the address the call goes to, and the " +
        "draft keeps the document's letter. Check where the operation is served: an own server (`servers`) of " +
        "the operation with a variable for its host is drafted as an address each connection gives; otherwise " +
        "leave it out",
    );
  }
  const named = pathNamedValue(data, op, rawOp);
  if (named !== undefined)
    notes.push(
      `${name}'s {${named.name}}, ${named.why}, is sent as one segment: a "/" in its value goes as %2F, as OpenAPI ` +
        "requires of a path value in its simple style, and the document marks no value spanning segments ({name+}, " +
        "x-multi-segment, allowReserved). If the API reads it as a path of segments, mark the parameter " +
        "`x-multi-segment: true` in openapi.yaml and give it `wire.multiSegment: true`",
    );
  return notes;
}

/**
 * A description calling the value a file's or a folder's path: "path to the file", "The file's path", "Directory
 * path", "folder name/path" (not a file's name "in the path", the request's).
 */
const HOLDER = "(?:files?|folders?|director(?:y|ies))";
const FILE_PATH = new RegExp(
  String.raw`\b${HOLDER}(?:'s)?\s+(?:name/)?path\b|\bpath\s+(?:of|to)\s+(?:(?:the|an?)\s+)?(?:\w+\s+)?${HOLDER}\b`,
  "i",
);

/**
 * The path's last segment's parameter and what says it holds a path (its name, or its description calling it a file's
 * or a folder's path), when no mark says it spans segments and its description does not ask for it encoded.
 */
function pathNamedValue(data: Json, op: OpenApiOperation, rawOp: Json): { name: string; why: string } | undefined {
  const last = op.path.split("/").at(-1) ?? "";
  const whole = /^\{([^{}+]+)\}$/.exec(last)?.[1];
  if (whole === undefined) return undefined;
  const declared = pathParameter(data, op, rawOp, whole);
  if (!declared || multiSegmentMarker(declared, op.path) !== undefined) return undefined;
  const description = typeof declared.description === "string" ? declared.description : "";
  if (ASKS_ENCODING.test(description)) return undefined;
  if (/path$/i.test(whole)) return { name: whole, why: "named a path" };
  return FILE_PATH.test(description) ? { name: whole, why: "described as a file's or a folder's path" } : undefined;
}

/** A path's first segment read as where the call goes: a parameter and its example, or a host name written out. */
export type PathAddress =
  | { param: string; value: string; kind: "an address" | "a host name"; first: string }
  | { host: string; first: string };

/** What the path's first segment is, when it reads as where the call goes (and more of the path follows it). */
function addressInPath(data: Json, op: OpenApiOperation, rawOp: Json): string | undefined {
  const found = pathAddress(data, op.path, rawOp);
  if (found === undefined) return undefined;
  return "host" in found
    ? `a host name (${found.host})`
    : `{${found.param}}, whose example ${JSON.stringify(found.value)} is ${found.kind}`;
}

/** The path's first segment as an address, when it reads as one (and more of the path follows it). */
export function pathAddress(data: Json, path: string, rawOp: Json): PathAddress | undefined {
  const [, first = "", ...rest] = path.split("/");
  if (!rest.some((segment) => segment !== "")) return undefined;
  const whole = /^\{([^{}]+)\}$/.exec(first)?.[1];
  if (whole === undefined)
    return isHost(first) && !dottedPathsUnderRealServer(data) ? { host: first, first } : undefined;
  const declared = pathParameter(data, { path }, rawOp, whole);
  if (!declared) return undefined;
  const schema = (followLocalRefs(data, declared.schema) ?? {}) as Json;
  const examples = Object.values((declared.examples ?? {}) as Json).map((e) => followLocalRefs(data, e)?.value);
  const values = [declared.example, schema.example, schema.default, ...examples].filter(
    (v): v is string => typeof v === "string",
  );
  const described = ENDPOINT_WORDS.test(whole) || ENDPOINT_WORDS.test(String(declared.description ?? ""));
  // A value's host is read in any case (a host name's case means nothing); a path's own text in lower case only.
  const value = values.find((v) => ADDRESS.test(v) || (described && isHost(v.toLowerCase())));
  if (value === undefined) return undefined;
  return { param: whole, value, kind: ADDRESS.test(value) ? "an address" : "a host name", first };
}

/** The path parameter `name` the operation declares (its own, else its path item's), resolved. */
export function pathParameter(
  data: Json,
  op: Pick<OpenApiOperation, "path">,
  rawOp: Json,
  name: string,
): Json | undefined {
  const item = followLocalRefs(data, ((data.paths ?? {}) as Json)[op.path]) ?? {};
  const declared = [
    ...(Array.isArray(rawOp.parameters) ? rawOp.parameters : []),
    ...(Array.isArray(item.parameters) ? item.parameters : []),
  ];
  return declared.map((p) => followLocalRefs(data, p)).find((p): p is Json => p?.in === "path" && p.name === name);
}
