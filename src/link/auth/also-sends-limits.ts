// A place the credential is also sent at (auth.alsoSends) whose own rules the credential can never meet: a field of
// another type than text, a fixed list of values, lengths or a pattern's lengths outside the credential parameter's
// own. Each call would then send a value the upstream refuses there (and the mock, which holds the place to the
// document): said at link time, naming the field, the rule and the value, rather than by every call's 400.
import { typeOf, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { ManifestCredentialPlace } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import { patternAst, patternSpan } from "../../common/pattern-ast.js";

/** The credential parameter's lengths as its manifest entry declares them (a credential given is never blank). */
interface CredentialLengths {
  param: string;
  min: number;
  max: number;
}

/** The schema the operation declares at a place: its parameter's, or its body's field at the place's path. */
function schemaOf(ctx: LinkContext, op: OpenApiOperation, place: ManifestCredentialPlace, path: string[]) {
  if (place.in !== "body") {
    const same = (name: string) =>
      place.in === "header" ? name.toLowerCase() === (place.name ?? "").toLowerCase() : name === place.name;
    return op.parameters.find((p) => p.in === place.in && same(p.name))?.schema as Schema | undefined;
  }
  return op.requestBody ? ctx.doc.schemaAt(op.requestBody.schema, path) : undefined;
}

/** Why the credential can never meet the field's rules, if it cannot: the rule and its value in words. */
function unmet(schema: Schema, credential: CredentialLengths): string | undefined {
  const type = typeOf(schema);
  if (type !== undefined && type !== "string") return `is of type ${JSON.stringify(type)}, and the credential is text`;
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
  if (values)
    return `takes only ${values
      .slice(0, 5)
      .map((v) => JSON.stringify(v))
      .join(
        ", ",
      )}${values.length > 5 ? ` and ${values.length - 5} more` : ""} (enum), and the credential is the caller's own`;
  const window = `${credential.min}${credential.max === Infinity ? " or more" : ` to ${credential.max}`} characters`;
  const of = `the credential "${credential.param}"'s ${window}`;
  if (typeof schema.maxLength === "number" && schema.maxLength < credential.min)
    return `takes at most ${schema.maxLength} characters (maxLength ${schema.maxLength}), never ${of}`;
  if (typeof schema.minLength === "number" && schema.minLength > credential.max)
    return `takes at least ${schema.minLength} characters (minLength ${schema.minLength}), never ${of}`;
  const lengths = typeof schema.pattern === "string" ? patternLengths(schema.pattern) : undefined;
  if (lengths && (lengths.min > credential.max || lengths.max < credential.min))
    return (
      `matches pattern ${JSON.stringify(schema.pattern)}, values of ${lengths.min}` +
      `${lengths.max === Infinity ? " or more" : lengths.max === lengths.min ? "" : ` to ${lengths.max}`}` +
      " characters, " +
      `never ${of}`
    );
  return undefined;
}

/**
 * Each operation of the manifest that declares the place: the field's rules met by the credential, or a problem at
 * the place (`at`) naming the operation's field, the rule and its value.
 */
export function checkPlaceLimits(
  ctx: LinkContext,
  place: ManifestCredentialPlace,
  path: string[],
  param: string | undefined,
  at: Path,
): void {
  const own = param === undefined ? undefined : ctx.manifest.params?.[param];
  const credential: CredentialLengths = {
    param: param ?? "",
    min: Math.max(1, own?.minLength ?? 1),
    max: own?.maxLength ?? Infinity,
  };
  const where =
    place.in === "body"
      ? `body field ${path.map((f) => JSON.stringify(f)).join(" → ")}`
      : `${place.in} parameter "${place.name}"`;
  for (const mop of Object.values(ctx.manifest.operations)) {
    const op = ctx.doc.operations.get(mop.operationId);
    const raw = op && schemaOf(ctx, op, place, path);
    const schema = raw && ctx.doc.flatten(raw);
    const why = schema && unmet(schema, credential);
    if (!why || !op) continue;
    ctx.fail(
      "BW2007",
      at,
      `${where} of "${op.operationId}" in ${ctx.openapiName} ${why}: the credential sent there would be refused ` +
        "(auth.alsoSends)",
    );
    return;
  }
}

/**
 * The lengths of the texts a pattern matches: its least always, its most only where it is anchored at both ends as one
 * way through it (`^[a-f0-9]{4}$`), else any (a match may sit inside a longer text).
 */
function patternLengths(pattern: string): { min: number; max: number } | undefined {
  const ast = patternAst(pattern);
  if (!ast) return undefined;
  const { min, max } = patternSpan(ast);
  const anchored = ast.alternatives.length === 1 && pattern.startsWith("^") && /(^|[^\\])\$$/.test(pattern);
  return { min, max: anchored ? max : Number.POSITIVE_INFINITY };
}
