// Where a string parameter's value can end up on the wire (its own place, its routes', its credential's), as the
// checks of its characters ask (string-check.ts, which works them out once per tool and parameter): a property of the
// (immutable) tool definition.
import { credentialOfParam } from "../http/credentials.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";

/** The places a string's checks ask about: whether a value can end up there. */
export interface Places {
  path: boolean;
  query: boolean;
  header: boolean;
  form: boolean;
  /** No request carries it: a private key signing each request's JWT (auth.signedJwt), only the JWT goes. */
  nowhere: boolean;
}

/** Where a parameter's value can end up on the wire, routes included: worked out once per tool and parameter. */
export function placements(spec: ParamCall, tool: Pick<ToolCall, "routes" | "auth"> | undefined): Places {
  // A multipart part's header (`in: part`) is a header's text, held to a header's characters.
  const places = new Set<string>([spec.wire.in === "part" ? "header" : spec.wire.in]);
  for (const route of tool?.routes ?? []) {
    const wire = route.wire[spec.name];
    if (wire) places.add(wire.in);
  }
  // An OAuth flow's parameter (a client secret, a PEM private key) goes only into a token request's form: not a header.
  // A credential's parameter goes where its scheme puts it (a basic credential's user and secret, base64 in a header; a
  // cookie, in a header).
  if (spec.wire.in === "auth") {
    const credential = tool ? credentialOfParam(tool.auth, spec.name) : undefined;
    if (!tool) places.add("header");
    else if (credential?.type === "signedJwt") places.add("nowhere");
    else if (credential) places.add(credential.type === "query" ? "query" : "header");
    // An OAuth flow's parameter (no credential of the auth): a token request's form only.
    else places.add("form");
  }
  return {
    path: places.has("path"),
    query: places.has("query"),
    header: places.has("header"),
    form: places.has("form"),
    nowhere: places.has("nowhere"),
  };
}
