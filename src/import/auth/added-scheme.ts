// The credential of a document that declares no security scheme the runtime
// sends: the place of a key its operations take as a parameter of their own
// (key-parameter.ts), an API key scheme added to the cut; else a bearer token,
// a scheme added to the cut. Each is marked as added, and said in a note.
import { fieldOf } from "@blockwright/runtime/internal";
import type { KeyParameter } from "./keys/key-parameter.js";
import {
  ADDED_KEY_SCHEME,
  ADDED_SCHEME,
  type CredentialDraft,
  type DraftCredential,
  type DraftPlacement,
} from "./credential-draft.js";

import { keyNameProblem } from "./keys/key-names.js";

type Json = Record<string, unknown>;

/** A scheme as a note names it: `http bearer`, `apiKey in header X-Key`, `oauth2`. */
export function describe(scheme: Json): string {
  const type = String(scheme.type ?? "?");
  if (type === "http") return `http ${String(scheme.scheme ?? "")}`.trim();
  if (type === "apiKey") {
    const unsent = keyNameProblem(scheme.in, scheme.name);
    if (unsent) return `apiKey in ${String(scheme.in)}, whose name is none a request carries: ${unsent}`;
    return `apiKey in ${String(scheme.in ?? "?")} ${String(scheme.name ?? "")}`.trim();
  }
  return type;
}

/** An API key scheme for the key the operations take as the parameter `carried`. */
export function keyParameterCredential(carried: KeyParameter, notes: string[]): CredentialDraft {
  const scheme = ADDED_KEY_SCHEME;
  const definition: Json = {
    type: "apiKey",
    in: carried.in,
    name: carried.name,
    description:
      "Added by blockwright add: the published document declares no security scheme; its operations take the " +
      `key as the ${carried.in} parameter ${carried.name}.`,
  };
  const placement: DraftPlacement = { type: carried.in, name: carried.name };
  notes.push(
    `the document declares no security scheme, but its operations take the key as the ${carried.in} parameter ` +
      `${carried.name}: drafted as the credential (an API key scheme added to openapi.yaml as ${scheme}, marked ` +
      `as added), secret and out of every message${
        carried.optional
          ? `; the document leaves ${carried.name} optional, so the credential is too (security: [{}, ` +
            `{${scheme}: []}]): sent when a call gives it, none when not`
          : ""
      }; check how the API takes its credential`,
  );
  const credential: DraftCredential = { scheme, placement, definition, param: "apiKey" };
  return {
    scheme,
    param: "apiKey",
    placement,
    definition,
    added: true,
    ...(carried.optional ? { optional: true } : {}),
    ways: [[credential]],
    notes,
    covers: new Set(),
  };
}

// A credential the API's own documentation names and its document does not (a key in a header of its own, such as a
// gateway's metadata header carrying a hex-encoded token): the note says how the manifest's auth sends it, no code.
const HEADER_KEY_HOW =
  "Where the API's documentation sends its key in a header of its own (`<Header>: <key>`), write the scheme " +
  `${ADDED_SCHEME} in openapi.yaml as {type: apiKey, in: header, name: <Header>}: auth sends accessToken there, and ` +
  "a pattern on accessToken holds the key's form (hex-encoded: ^[0-9a-fA-F]+$)";

/** A bearer token, the scheme added: the document declares none the runtime sends, or the operations require others. */
export function bearerCredential(
  declared: Record<string, Json>,
  required: readonly { named: string[] }[],
  notes: string[],
): CredentialDraft {
  const named = [...new Set(required.flatMap((a) => a.named))];
  const unsupported = named.length
    ? ` (${named
        .map(
          (k) =>
            `${k}: ${k
              .split(" + ")
              .map((n) => (declared[n] ? describe(fieldOf(declared, n)) : "not declared"))
              .join(" + ")}`,
        )
        .join("; ")})`
    : "";
  // Declaring none, the document says no call needs a credential (a public API), or it leaves authentication to the
  // deployment: the token drafted is optional (security: [{}, {bearerAuth: []}]), sent when a call gives one.
  const optional = !Object.keys(declared).length;
  notes.push(
    optional
      ? "the document declares no security scheme; drafted an optional bearer token (added to openapi.yaml as " +
          `${ADDED_SCHEME}, marked as added, with security: [{}, {${ADDED_SCHEME}: []}]): sent when a call gives ` +
          "one, none when not; check how the API takes its credential, or whether it needs none. " +
          HEADER_KEY_HOW
      : required.length
        ? "the operations require security schemes the runtime cannot send or the document does not " +
          `declare${unsupported}; drafted a bearer token, added to openapi.yaml as ${ADDED_SCHEME}: check how the ` +
          "API takes its credential"
        : "the document declares no security scheme the runtime sends; drafted a bearer token (added to " +
          `openapi.yaml as ${ADDED_SCHEME}, marked as added): check how the API takes its credential, or whether ` +
          `it needs none. ${HEADER_KEY_HOW}`,
  );
  const definition: Json = {
    type: "http",
    scheme: "bearer",
    description:
      "Added by blockwright add: the published document declares no security scheme. A bearer token is assumed; " +
      "check how the API takes its credential.",
  };
  const credential: DraftCredential = {
    scheme: ADDED_SCHEME,
    placement: { type: "bearer" },
    definition,
    param: "accessToken",
  };
  return {
    scheme: ADDED_SCHEME,
    param: "accessToken",
    placement: { type: "bearer" },
    definition,
    added: true,
    ...(optional ? { optional: true } : {}),
    ways: [[credential]],
    notes,
    covers: new Set(),
  };
}
