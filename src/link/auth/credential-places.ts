// The document's own places for the credential beside its scheme's: `auth.covers`, parameters the credential stands
// for and nothing sends (an RPC method's `token`), and `alsoSends`, places the document requires the same credential
// at, where it is sent too (a query key repeated as a required body field `key`). Each name checked against the
// manifest's operations; an operation's tool sends the credential at those places it declares, and no other.
import type { AuthSpec, AuthWay, CredentialPlace } from "@blockwright/runtime/internal";
import { authWays } from "@blockwright/runtime/internal/generate";
import type { OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { requiredUnlisted } from "../../load/schema-types.js";
import { credentialOf, type SecurityScheme, slotKey } from "../../load/openapi-document.js";
import type { ManifestAuth, ManifestCredentialPlace } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import { checkPlaceLimits } from "./also-sends-limits.js";

/** A body place's field names from the body's top level (`[auth, hash]`); a query or header place's name alone. */
export function placePath(place: ManifestCredentialPlace): string[] {
  return place.in === "body" && place.path ? place.path : [place.name ?? ""];
}

/** Field names from the body's top level as a JSON pointer (`/auth/hash`). */
const pointerOf = (path: readonly string[]) =>
  path.map((name) => `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** A place as the runtime writes it: a body field by its JSON pointer, a query parameter or a header by its name. */
export function credentialPlace(place: ManifestCredentialPlace): CredentialPlace {
  return place.in === "body"
    ? { in: "body", pointer: pointerOf(placePath(place)) }
    : { in: place.in, name: place.name ?? "" };
}

/** A place's key, as the document's parameters are keyed (slotKey: a header's name in any case; a body's pointer). */
export function placeKey(place: ManifestCredentialPlace): string {
  return runtimeKey(credentialPlace(place));
}

/** A linked place's key (placeKey). */
const runtimeKey = (place: CredentialPlace) =>
  place.in === "body" ? slotKey("body", place.pointer) : slotKey(place.in, place.name);

/** A place in words, as the surface and messages say it: `body:key`, `body:auth/hash`, `query:key`, `header:X-Key`. */
export function placeWords(place: CredentialPlace): string {
  return place.in === "body"
    ? `body:${place.pointer.slice(1).replaceAll("~1", "/").replaceAll("~0", "~")}`
    : `${place.in}:${place.name}`;
}

/** How deep declaredPlaces looks into a JSON body's objects (the schema's path's own bound). */
const DEEPEST = 8;

/**
 * Where an operation declares a credential could go: its header, query and cookie parameters, its body's fields, and
 * the fields inside the objects of its body (by pointer).
 */
function declaredPlaces(ctx: LinkContext, op: OpenApiOperation): Set<string> {
  const declared = new Set<string>();
  for (const p of op.parameters) if (p.in !== "path") declared.add(slotKey(p.in, p.name));
  const walk = (schema: unknown, path: string[]) => {
    if (path.length >= DEEPEST || !schema) return;
    const flat = ctx.doc.flatten(schema as Parameters<typeof ctx.doc.flatten>[0]);
    for (const [field, inner] of Object.entries((flat?.properties as Record<string, unknown>) ?? {})) {
      declared.add(slotKey("body", pointerOf([...path, field])));
      // A form's or a multipart body's fields are named at its top level only.
      if (op.requestBody?.encoding === "json") walk(inner, [...path, field]);
    }
    for (const field of unlistedFields(flat)) declared.add(slotKey("body", pointerOf([...path, field])));
  };
  if (op.requestBody) walk(op.requestBody.schema, []);
  return declared;
}

/**
 * The fields an object requires without listing them among its properties (`required: [key]`): declared too, as add
 * drafts them (fields of no type: request-body.ts), the credential's place where one bears the credential's name.
 */
function unlistedFields(flat: Schema | undefined): string[] {
  if (!flat || !Array.isArray(flat.required)) return [];
  const listed = (flat.properties ?? {}) as object;
  return flat.required.map(String).filter((f) => !Object.hasOwn(listed, f) && requiredUnlisted(flat, f) !== undefined);
}

/** Whether the operation takes no credential at all (`security: []`, `[{}]`): the credential is not sent on it. */
export function takesNoCredential(op: OpenApiOperation): boolean {
  return op.requirements?.every((r) => r.length === 0) === true;
}

/**
 * The pointers of the fields inside body objects (a place's `path`) that the auth's ways send the credential at and
 * the operation declares: supplied by the credential, as a parameter's pointer is (params/coverage.ts).
 */
export function nestedBodyPlaces(ctx: LinkContext, op: OpenApiOperation): string[] {
  return bodyPlaces(ctx, op, 2);
}

/**
 * The pointers of the body fields, at any depth, the auth's ways send the credential at and the operation declares: a
 * body whose one field is the key (GitHub's `{access_token}`) has the credential placed in it.
 */
export function credentialBodyPlaces(ctx: LinkContext, op: OpenApiOperation): string[] {
  return bodyPlaces(ctx, op, 1);
}

function bodyPlaces(ctx: LinkContext, op: OpenApiOperation, depth: number): string[] {
  const auth = ctx.manifest.auth;
  const places = [auth, ...(auth.alternatives ?? [])].flatMap((w) => w.alsoSends ?? []);
  const deep = places.filter((p) => p.in === "body" && placePath(p).length >= depth);
  if (!deep.length) return [];
  const declared = declaredPlaces(ctx, op);
  return [...new Set(deep.filter((p) => declared.has(placeKey(p))).map((p) => pointerOf(placePath(p))))];
}

/** Every place the manifest's operations declare. */
function manifestPlaces(ctx: LinkContext): Set<string> {
  const declared = new Set<string>();
  for (const mop of Object.values(ctx.manifest.operations)) {
    const op = ctx.doc.operations.get(mop.operationId);
    if (op) for (const key of declaredPlaces(ctx, op)) declared.add(key);
  }
  return declared;
}

/**
 * `auth.covers`: each name is a parameter or form field that one of the manifest's operations declares (a name covering
 * nothing is a typo).
 */
export function checkCovers(ctx: LinkContext): void {
  const covers = ctx.manifest.auth.covers ?? [];
  if (!covers.length) return;
  const declared = new Set<string>();
  for (const mop of Object.values(ctx.manifest.operations)) {
    const op = ctx.doc.operations.get(mop.operationId);
    if (!op) continue;
    for (const p of op.parameters) if (p.in !== "path") declared.add(p.name);
    const body = op.requestBody ? ctx.doc.flatten(op.requestBody.schema) : undefined;
    for (const field of [...Object.keys((body?.properties as object) ?? {}), ...unlistedFields(body)])
      declared.add(field);
  }
  covers.forEach((name, i) => {
    if (!declared.has(name))
      ctx.fail(
        "BW2003",
        ["auth", "covers", i],
        `no operation of the manifest declares a header, query or cookie parameter or a top-level body field "` +
          `${name}" in ${ctx.openapiName}`,
        "value",
      );
  });
}

/**
 * `alsoSends` of each way: each place one of the manifest's operations declares (a place no operation declares is a
 * typo), none the credential's own place (its scheme sends it there already) nor one `covers` names (covered, it is
 * sent by nothing).
 */
export function checkAlsoSends(
  ctx: LinkContext,
  ways: readonly {
    at: Path;
    alsoSends?: ManifestCredentialPlace[];
    credentials: { credential: { scheme?: string; param?: string } }[];
  }[],
): void {
  if (!ways.some((w) => w.alsoSends)) return;
  const declared = manifestPlaces(ctx);
  const covers = new Set(ctx.manifest.auth.covers ?? []);
  for (const way of ways)
    way.alsoSends?.forEach((place, i) => {
      const at = [...way.at, "alsoSends", i];
      const scheme = way.credentials[0]?.credential.scheme;
      const declaredScheme = scheme === undefined ? undefined : ctx.doc.securitySchemes[scheme];
      const own = declaredScheme ? credentialOf(declaredScheme) : undefined;
      if (place.path && place.in !== "body")
        ctx.fail(
          "BW2004",
          [...at, "path"],
          `path applies to a body place (a field inside an object of the body), not to in: ${place.in}: name the ` +
            `${place.in} ${place.in === "header" ? "header" : "parameter"} with name`,
        );
      else if (own && own.type !== "bearer" && own.type !== "basic" && slotKey(own.type, own.name) === placeKey(place))
        ctx.fail(
          "BW2012",
          at,
          `${place.in} "${place.name}" is where security scheme "${scheme}" sends the credential already: list only ` +
            "the other places the document requires it at",
        );
      else if (!declared.has(placeKey(place)))
        ctx.fail(
          "BW2003",
          [...at, place.path ? "path" : "name"],
          `no operation of the manifest declares a ${
            place.path
              ? `body field at ${placePath(place)
                  .map((f) => JSON.stringify(f))
                  .join(" → ")}`
              : `${place.in === "body" ? "top-level body field" : `${place.in} parameter`} "${place.name}"`
          } in ${ctx.openapiName}`,
          "value",
        );
      else if (place.name !== undefined && covers.has(place.name))
        ctx.fail(
          "BW2012",
          at,
          `"${place.name}" is in auth.covers too (a parameter the credential stands for, which nothing sends): a ` +
            "place the credential is sent at is in alsoSends only",
        );
      // Declared: its rules met by the credential.
      else checkPlaceLimits(ctx, place, placePath(place), way.credentials[0]?.credential.param, at);
    });
}

/**
 * The auth an operation's tool carries, each way's `alsoSends` narrowed to the places the operation declares (a body
 * field of another operation's body is not this one's): the ways themselves where nothing is narrowed.
 */
export function sentWhereDeclared(ctx: LinkContext, auth: AuthSpec, op: OpenApiOperation): AuthSpec {
  const ways = authWays(auth);
  if (!ways.some((w) => w.alsoSends)) return auth;
  const declared = declaredPlaces(ctx, op);
  const narrowed = (way: AuthWay): AuthWay => {
    if (!way.alsoSends) return way;
    const { alsoSends, ...rest } = way;
    const kept = alsoSends.filter((p) => declared.has(runtimeKey(p)));
    return (kept.length ? { ...rest, alsoSends: kept } : rest) as AuthWay;
  };
  const [first, ...alternatives] = ways.map(narrowed);
  const firstWay: AuthSpec = { ...(first as AuthWay) };
  delete firstWay.alternatives;
  return alternatives.length ? { ...firstWay, alternatives } : firstWay;
}

/**
 * Whether the credential satisfies the document's parameter (or top-level
 * body field) `slot`: one `auth.covers` names, or one in the credential's own
 * place (the apiKey's header or query name; Authorization for a bearer
 * token). A path parameter only when it is the credential's own (auth.variable).
 */
export function credentialCovers(
  auth: Pick<ManifestAuth, "scheme" | "covers"> &
    Partial<Pick<ManifestAuth, "also" | "alternatives" | "variable" | "alsoSends">>,
  schemes: Record<string, SecurityScheme>,
): (slot: { in: string; name: string }) => boolean {
  const covers = new Set(auth.covers ?? []);
  // The places it is sent at besides (alsoSends): supplied by it, as what it covers (the mocks read no alsoSends, so
  // they hold a request to carry it there).
  // A field inside a body object (a path) is no top-level slot: the mocks hold the object to be sent.
  const sent = new Set(
    [...(auth.alsoSends ?? []), ...(auth.alternatives ?? []).flatMap((w) => w.alsoSends ?? [])].flatMap((p) =>
      placePath(p).length === 1 ? [slotKey(p.in, placePath(p)[0] ?? "")] : [],
    ),
  );
  const names = [
    auth.scheme,
    ...(auth.also ?? []).map((c) => c.scheme),
    ...(auth.alternatives ?? []).flatMap((w) => [w.scheme, ...(w.also ?? []).map((c) => c.scheme)]),
  ];
  const own = new Set(
    names.flatMap((name) => {
      const scheme = name === undefined ? undefined : schemes[name];
      const placement = scheme ? credentialOf(scheme) : undefined;
      if (!placement) return [];
      return [
        placement.type === "bearer" || placement.type === "basic"
          ? slotKey("header", "Authorization")
          : slotKey(placement.type, placement.name),
      ];
    }),
  );
  // A path parameter only where the credential the address carries goes (auth.variable: `/bot{token}/…`).
  return (slot) =>
    slot.in === "path"
      ? slot.name === auth.variable
      : covers.has(slot.name) || own.has(slotKey(slot.in, slot.name)) || sent.has(slotKey(slot.in, slot.name));
}
