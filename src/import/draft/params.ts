// The parameters of a drafted operation: every path, query and header parameter the document declares, and the
// top-level fields of its request body (JSON or form), each with its type, whether it is required, its description
// and the limits its schema states; the rules across them its schema or its words state. What the runtime cannot
// send yet, or the linker cannot reach, is left out with a review note rather than drafted wrongly; guesses (a
// maxLength the project requires and the spec does not give) are drafted with one.
import { FORMAT_MAX_LENGTH, isValueFormat } from "@blockwright/runtime/internal";
import { patternLengths } from "../../link/param-limits/pattern-length.js";
import { bodyFramingReason, isIgnoredHeader } from "../../load/ignored-headers.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import type { ManifestConstant, ManifestParam, ManifestRule } from "../../load/precompiled/manifest-types.js";
import type { CredentialDraft } from "../auth/credential-draft.js";
import { repeatsCredential } from "../auth/credential-params.js";
import { tokenEndpointForm } from "../auth/token-endpoint-form.js";
import { bodyHolder, keepSecret } from "./secrets/keep-secret.js";
import { signatureHeader, signatureHeadersNote } from "../auth/signing/sigv4-draft.js";
import { multiSegmentKind, multiSegmentMarker } from "../../load/operations/multi-segment.js";
import { greedyPathNote, linkNote } from "./paths/spanning-notes.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { shortText } from "../plain-text.js";
import { answersEvents, isStreamFlag, streamNote } from "../shapes/event-streams.js";
import { explodedQueryObjects, requiredObjectRules } from "../shapes/query-object.js";
import { apartName, operatorOf, repeatedHeader } from "./param-names.js";
import { DESCRIPTION_LENGTH, fromSchema, safeFlatten } from "./param-schema.js";
import { oneValueConstant } from "./one-value-constants.js";
import { answerFormat, documentVersion, ignoredHeaderNote, presenceFlag } from "../shapes/param-readings.js";
import { draftBody } from "./request-body.js";
import type { ParamsInto } from "./body-fields/body-field.js";
import { proseRules } from "./prose/either-rule.js";
import { statedLength } from "./prose/limit-words.js";
import { isStructuredList, structuredListRule } from "../shapes/structured-list-params.js";
import { unwrittenFormat, unwrittenFormatRule } from "../document/swagger2-collection-format.js";
import { admitsNullOnly, nullOnlyParamNote } from "../shapes/null-only.js";
import { type Declared, nestedInHeader, nullableQuery, unsentStyle } from "./declared-param-notes.js";

type Path = (string | number)[];

/**
 * The maxLength drafted for a string sent in the address or a header when
 * the spec gives none (the project requires one there: an unbounded value
 * can make the upstream answer 414 or 431). A path segment is an id; a
 * query value or header may be a search. Each is marked for review.
 */
export const DEFAULT_MAX_LENGTH = { path: 256, query: 1000, header: 1000, cookie: 1000 } as const;

/** The maxLength drafted for the credential: long enough for a JWT or an OAuth token. */
export const CREDENTIAL_MAX_LENGTH = 2048;

export interface ParamsDraft {
  params: Record<string, ManifestParam>;
  /** Wire name (`query:cursor`, `body:/limit`) → the manifest parameter drafted for it. */
  byWire: Map<string, string>;
  /** What the body requires across its fields (body-rules.ts). */
  rules?: ManifestRule[];
  /** The required header and query parameters of one value, which the package sends itself (one-value-constants.ts). */
  constants?: ManifestConstant[];
  /** The headers a multipart body's parts require, each a parameter's value (body-forms/part-headers.ts). */
  partHeaders?: Record<string, Record<string, { param: string }>>;
}

/**
 * Every parameter and top-level body field of `op`, drafted; notes go to `notes` under `at` (the operation's place).
 */
export function draftParams(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  credential: CredentialDraft,
  at: Path,
  notes: ReviewNote[],
  /** The provider's shared parameters (the credential's, the address's, the server variables'): names taken. */
  shared: ReadonlySet<string> = new Set(),
): ParamsDraft {
  const params: Record<string, ManifestParam> = {};
  const constants: ManifestConstant[] = [];
  const byWire = new Map<string, string>();
  const keysAgain = new Set<string>();
  const taken = new Set<string>([
    ...credential.ways.flat().flatMap((c) => [c.param, ...(c.user ? [c.user] : [])]),
    ...shared,
  ]);
  // An operation that takes no credential (`security: []`) sends none: a key or token it declares is its own to send.
  const keyless = Array.isArray(rawOp.security) && rawOp.security.every((r) => !r || !Object.keys(r).length);
  const repeats = keyless ? { ...credential, ways: [] } : credential;
  const order = { path: 0, query: 1, header: 2, cookie: 3 } as const;
  const events = answersEvents(doc, rawOp);
  const parameters = explodedQueryObjects(doc, op.parameters, (text) => notes.push({ at, note: text }));
  // The signature's own headers (X-Amz-Date, …), which a signing provider's operations all declare: one note for them.
  const signed: string[] = [];
  // The reply's top fields: a token the reply hands back under its own name is the next page's, not a credential.
  const replied = new Set(Object.keys(safeFlatten(doc, doc.bodyResponse(op)?.schema ?? {})?.properties ?? {}));
  const by = { events, body: op.requestBody?.mediaType, replied };
  for (const declared of [...parameters].sort((a, b) => order[a.in] - order[b.in])) {
    if (signatureHeader(repeats, declared)) {
      signed.push(declared.name);
      continue;
    }
    const kept = (note: string) => [keysAgain.add(`${declared.in}:${declared.name}`), notes.push({ at, note })];
    const left = leftOut(doc, declared, op.parameters, repeats, { ...by, kept });
    if (left) {
      notes.push({ at, note: left });
      continue;
    }
    const constant = oneValueConstant(doc, declared);
    if (constant) {
      constants.push(constant.constant);
      notes.push({ at: [...at, "constants"], note: constant.note });
      continue;
    }
    const name = apartName(declared, op.path, credential, taken);
    const draft = draftDeclared(doc, op, declared, name, at, notes);
    if (!draft) continue;
    // A shared parameter's name (a server variable's, `{tenant}` of the address) is no parameter of the
    // operation's own: both are sent, each where the document puts it; no input of a manifest feeds both yet.
    if (name !== declared.name && shared.has(declared.name))
      notes.push({
        at: [...at, "params", name],
        note:
          `the ${declared.in} parameter ${declared.name} is drafted as ${name}: ${declared.name} is a shared ` +
          "parameter of the provider (a connection input), which this one is not; both are sent, each in its place, " +
          "and no one input feeds both: where they name the same thing (an account in the address and the query), " +
          `give ${name} the connection's value`,
      });
    params[name] = draft;
    taken.add(name);
    const of = "of" in declared ? declared.of : undefined;
    byWire.set(of !== undefined ? `query:${of}/${declared.name}` : `${declared.in}:${declared.name}`, name);
  }
  if (signed.length) notes.push({ at, note: signatureHeadersNote(signed) });
  const into: ParamsInto = { params, byWire, taken, constants, keysAgain };
  const bodyRules = draftBody(doc, op, rawOp, repeats, at, notes, into);
  const words = `${op.path} ${typeof rawOp.summary === "string" ? rawOp.summary : ""}`;
  const { declaredKeys: keys, answerTokens, bodyKeys } = credential;
  const operation = `${op.method.toUpperCase()} ${op.path}`;
  const tokenForm = tokenEndpointForm(doc, op);
  const body = bodyHolder(rawOp as Record<string, unknown>);
  const secretsBy = { keyless, tokenForm, words, keys, answerTokens, bodyKeys, operation, keysAgain, body };
  keepSecret(params, byWire, secretsBy, at, notes);
  const schemaRules = [...bodyRules, ...requiredObjectRules(parameters, byWire)];
  const rules = [...schemaRules, ...proseRules(doc, op, rawOp, { params, byWire, rules: schemaRules }, at, notes)];
  const { partHeaders } = into;
  return {
    params,
    byWire,
    ...(rules.length ? { rules } : {}),
    ...(constants.length ? { constants } : {}),
    ...(partHeaders ? { partHeaders } : {}),
  };
}

/** What leftOut reads beside the parameter; `kept` hears a note of one drafted though some ways' key (sentAgain). */
type LeftOutBy = { events: boolean; body?: string; replied: ReadonlySet<string>; kept: (note: string) => void };

/**
 * Why a declared parameter is not drafted: an empty name, a stream's flag, the credential again, or a header OpenAPI
 * ignores.
 */
function leftOut(
  doc: OpenApiDocument,
  declared: Declared,
  beside: readonly { in: string; name: string }[],
  credential: CredentialDraft,
  { events, body, replied, kept }: LeftOutBy,
): string | undefined {
  // A name no request can carry (`name: ""`, as a published document had): nothing to place it under.
  if (declared.name === "") return `a ${declared.in} parameter with an empty name not drafted: no request can carry it`;
  // `__proto__`: a record by name (the draft's parameters, a request's pairs) takes it as its prototype, not as a key.
  if (declared.name === "__proto__")
    return (
      `a ${declared.in} parameter named __proto__ not drafted: records by name take it as their prototype, so no ` +
      "call would send it"
    );
  if (events && isStreamFlag(doc, declared.name, declared.schema)) return streamNote(declared.name);
  const raw = declared as unknown as Schema;
  // Its limits only where it may be the credential sent again (sentAgain asks a required one).
  const flat = declared.required && declared.schema ? safeFlatten(doc, declared.schema) : undefined;
  const about = {
    description: raw.description,
    replied: replied.has(declared.name),
    required: !!declared.required,
    limits: { maxLength: flat?.maxLength, minLength: flat?.minLength, format: flat?.format },
  };
  const repeated = repeatsCredential(credential, { in: declared.in, name: declared.name, ...about }, beside, kept);
  if (repeated) return repeated;
  const again = repeatedHeader(declared, beside);
  if (again) return again;
  // OpenAPI ignores an Accept, Content-Type or Authorization header parameter: the media types and the security
  // schemes say them.
  if (isIgnoredHeader(declared)) return ignoredHeaderNote(declared, body);
  if (!declared.required && isStructuredList(doc.source.data, declared as unknown as Record<string, unknown>))
    return `${structuredListRule(declared)}: not drafted`;
  const format = unwrittenFormat(declared);
  if (!declared.required && format !== undefined) return `${unwrittenFormatRule(declared, format)}: not drafted`;
  if (!declared.required && !declared.content && declared.schema && admitsNullOnly(safeFlatten(doc, declared.schema)))
    return nullOnlyParamNote(declared);
  const framing = bodyFramingReason(declared);
  if (framing) return `header parameter ${declared.name} not drafted: ${framing}`;
  return undefined;
}

/**
 * The parameter drafted for a declared one, named `name`, with its wire placement; undefined when it is not drafted.
 */
function draftDeclared(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  declared: Declared,
  name: string,
  at: Path,
  notes: ReviewNote[],
): ManifestParam | undefined {
  const raw = declared as unknown as Schema;
  const where = [...at, "params", name];
  // Notes about the parameter itself count only if it is drafted.
  const own: ReviewNote[] = [];
  const draft = fromSchema(
    doc,
    declared.schema,
    {
      name,
      sentAs: declared.name,
      place: declared.in,
      required: declared.in === "path" || declared.required,
      description: raw.description,
      example: raw.example ?? firstExample(raw.examples),
      deprecated: raw.deprecated,
      at: where,
      written: { style: raw.style, explode: raw.explode },
    },
    own,
  );
  if (!draft) {
    notes.push(...own.map((n) => ({ ...n, at })));
    return undefined;
  }
  // `DateSent<` and `DateSent>` share one description in published documents: say which bound each one is.
  const operator = operatorOf(declared.name);
  if (operator)
    draft.description = shortText(
      `${operator.bound} (sent as ${declared.name}). ${draft.description}`,
      DESCRIPTION_LENGTH,
    );
  const unsent = unsentStyle(declared, draft);
  if (unsent && !draft.required) {
    notes.push({ at, note: `${unsent}: not drafted` });
    return undefined;
  }
  if (unsent) notes.push({ at: where, note: `${unsent}: drafted, but its wire form is not the spec's` });
  const nested = nestedInHeader(doc, declared, draft);
  if (nested) own.push({ at: where, note: nested });
  notes.push(...own);
  const greedy = declared.in === "path" ? greedyPathNote(draft, raw, op.path) : undefined;
  if (greedy) notes.push({ at: where, note: greedy });
  withDefaultMaxLength(draft, declared.in, raw.description, (text) => notes.push({ at: where, note: text }));
  const nullNote = nullableQuery(doc, declared, draft);
  if (nullNote) notes.push({ at: where, note: nullNote });
  if ("sharedFields" in declared && draft.type === "json")
    draft.forbiddenKeys = {
      keys: declared.sharedFields,
      hint: "sent exploded (style form), such a field would be read as the query parameter of its name",
    };
  draft.wire = declaredWire(op, declared, name);
  const flag = presenceFlag(declared, draft);
  if (flag) {
    draft.wire = flag.wire;
    notes.push({ at: where, note: flag.note });
  }
  const format = answerFormat(op, declared, draft);
  if (format) {
    draft.enum = format.enum;
    if (format.default !== undefined) draft.default = format.default;
    notes.push({ at: where, note: format.note });
  }
  const info = (doc.source.data as Schema).info as Schema | undefined;
  const version = documentVersion({ ...raw, in: declared.in, name: declared.name }, draft, info?.version);
  if (version) {
    draft.default = version.default;
    notes.push({ at: where, note: version.note });
  }
  for (const mended of spanningValues(draft, declared.name)) notes.push({ at: where, note: mended });
  const described = declared.in === "path" ? multiSegmentMarker(raw, op.path) : undefined;
  if (described?.startsWith("its description") || described?.startsWith("its place")) {
    const [said, what] = described.split(": ");
    const evidence = what === undefined ? `${described} says of its value` : `${said} says (${what})`;
    notes.push({
      at: where,
      note:
        `its "/" are sent as they are (wire.multiSegment), as ${evidence}, though the path template does not ` +
        `mark it ({+${declared.name}}): a service routing on such names reads %2F as one segment`,
    });
  }
  if (described === "format: path")
    notes.push({
      at: where,
      note:
        `its "/" are sent as they are (wire.multiSegment), as its schema's format "path" says (Connexion's and ` +
        `Flask's path converter: a value of several segments, routed on the raw path, where %2F is one segment)`,
    });
  const kind = described === undefined ? undefined : multiSegmentKind(described);
  if (kind === "reserved" || kind === "as-given") notes.push({ at: where, note: linkNote(kind, described ?? "") });
  return draft;
}

/**
 * The maxLength a string sent in the address or a header takes when the spec gives none (DEFAULT_MAX_LENGTH), each
 * form of it too, or the length of the parameter's example or default where that is longer (a transaction's 378 hex
 * digits in a path, a configuration's 427 characters: the draft refused its own example, or default), or a length the
 * words name where that is longer ("if single string, up to 1024 characters", "at most 51,200 bytes": words too
 * hedged to draft as its maxLength, yet a value past the default is one they allow). A value format
 * bounds the length itself (FORMAT_MAX_LENGTH; not `regex`, which has no bound): a default longer than any such value
 * admits none of its length. So
 * does a pattern anchored at both ends (`^[A-Z0-9]{26}$`): a default longer than it admits no value of its own length.
 */
function withDefaultMaxLength(
  draft: ManifestParam,
  in_: Declared["in"],
  description: unknown,
  note: (text: string) => void,
): void {
  const place = in_ as keyof typeof DEFAULT_MAX_LENGTH;
  for (const text of [draft, ...(draft.anyOf ?? [])]) {
    if (
      text.type !== "string" ||
      text.enum !== undefined ||
      text.maxLength !== undefined ||
      (isValueFormat(text.format) && Number.isFinite(FORMAT_MAX_LENGTH[text.format])) ||
      boundedPattern(text.pattern)
    )
      continue;
    const length = (value: unknown) => (text === draft && typeof value === "string" ? Array.from(value).length : 0);
    const example = Math.max(length(draft.example), length(draft.default));
    const worded = text === draft ? statedLength(description) : 0;
    text.maxLength = Math.max(DEFAULT_MAX_LENGTH[place], example, worded);
    const why =
      text.maxLength === DEFAULT_MAX_LENGTH[place]
        ? ""
        : text.maxLength === example
          ? " (the length of its example or default)"
          : " (the length its description names)";
    note(
      `maxLength ${text.maxLength} is blockwright add's default for a ${place} value the spec leaves unbounded` +
        `${why}; set the upstream's real limit`,
    );
  }
}

/**
 * Where a declared parameter goes. A field of an object query parameter goes as the object's style writes it
 * (shapes/query-object.ts); a path value spanning segments (a file path) as the document marks it: its `/` go as they
 * are.
 */
function declaredWire(op: OpenApiOperation, declared: Declared, name: string): ManifestParam["wire"] {
  const raw = declared as unknown as Schema;
  const of = "of" in declared ? declared.of : undefined;
  const marker = declared.in === "path" ? multiSegmentMarker(raw, op.path) : undefined;
  return of !== undefined
    ? { in: "query", name: of, field: declared.name }
    : {
        in: declared.in,
        ...(name !== declared.name ? { name: declared.name } : {}),
        ...(marker !== undefined ? { multiSegment: multiSegmentKind(marker) } : {}),
      };
}

/**
 * A value spanning path segments whose example or default has a `/` at its start or end
 * (`/subscriptions/…/workflows/w`, which the path's own `/` before it already gives: `//` reads as a host, and the
 * runtime refuses an empty segment), drafted without it; one that holds an empty or dot segment even so (a default
 * `/` standing for "none") is left out. What review notes say; none when both were kept as they are.
 */
function spanningValues(draft: ManifestParam, name: string): string[] {
  const wire = draft.wire;
  if (!wire || !("multiSegment" in wire && wire.multiSegment)) return [];
  const notes: string[] = [];
  for (const key of ["example", "default"] as const) {
    const value = draft[key];
    if (typeof value !== "string") continue;
    const trimmed = value.replace(/^\/+|\/+$/g, "");
    if (trimmed === value) continue;
    if (trimmed === "" || /(^|\/)(\.\.?)?(\/|$)/.test(trimmed)) {
      delete draft[key];
      if (key === "default") delete draft.sendDefault;
      notes.push(`the spec's ${key} ${shortText(JSON.stringify(value), 80)} holds an empty segment: left out`);
      continue;
    }
    draft[key] = trimmed;
    notes.push(
      `the spec's ${key} ${shortText(JSON.stringify(value), 80)} of ${name} has a "/" at its start or end, which ` +
        `the path's own "/" around it already ` +
        `gives (an empty segment, refused before any request): drafted as ${shortText(JSON.stringify(trimmed), 80)}`,
    );
  }
  return notes;
}

/** Whether a pattern bounds the length of what it matches (generate then implies maxLength from it). */
function boundedPattern(pattern: string | undefined): boolean {
  const lengths = pattern === undefined ? undefined : patternLengths(pattern);
  return lengths !== undefined && lengths.max !== Infinity;
}

function firstExample(examples: unknown): unknown {
  if (examples === null || typeof examples !== "object") return undefined;
  const first = Object.values(examples as Schema)[0] as Schema | undefined;
  return first && typeof first === "object" ? first.value : undefined;
}
