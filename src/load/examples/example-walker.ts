// The walk of an OpenAPI document's files that finds every schema and every example (openapi-examples.ts, which
// re-exports its shapes, says why and how they are checked): the places it steps through, and the checks it gathers;
// the `$ref`s it follows, ref-following.ts, and the validator's verdicts, example-verdicts.ts.
import { isMergePatchPlace, registeredPatchView } from "../schemas/merge-patch.js";
import type { OutputUnit, Schema } from "@cfworker/json-schema";
import { SourceError, type YamlSource } from "../yaml-source.js";
import { refPath } from "../json-ref.js";
import { checkpoint } from "../../common/checkpoint.js";
import { OPERATION_METHODS } from "../openapi-document.js";
import { describingType, isJsonMediaType } from "../media-types.js";
import { discriminatorMiss } from "./discriminated-kinds.js";
import { describe, rootCause } from "./example-errors.js";
import { fileHref, pointer, SchemaLookup } from "./schema-lookup.js";
import { Verdicts } from "./example-verdicts.js";
import { placeIn, RefFollower } from "./ref-following.js";
import { type At, inside, type Path, PlacesMet } from "./walk-place.js";
import { markWrittenLists, readListInPlace } from "./written-lists.js";

export type { Path } from "./walk-place.js";

type Node = Record<string, unknown>;

/**
 * An example that does not match its schema, or that its schema cannot check (BW1205): the problem, the example's
 * value, and where it is named (`site`: its `example` key, or its entry in an `examples` map, which may be a `$ref` to
 * it).
 */
export interface ExampleMismatch {
  error: SourceError;
  file: string;
  site: Path;
  value: unknown;
  /** Where the value itself is in `file` (an `example` key, or a named example's `value`, which `site` may name). */
  at: Path;
}

/** The keywords whose list's each item is a schema. */
const COMBINERS = ["allOf", "anyOf", "oneOf"];

/** Examples checked between two looks at the signal: a few milliseconds of work. */
const CHECKS_PER_CHUNK = 200;

/** An example to check, the schema it must meet, and where it is named (an `example` key, or an `examples` entry). */
interface Check {
  example: At;
  schema: At;
  what: string;
  site: At;
  /** A list parameter's own example's: the separator its style writes the list's one text with (written-lists.ts). */
  separator?: string;
}

export class Walker {
  readonly errors: SourceError[] = [];
  readonly mismatches: ExampleMismatch[] = [];
  /** How many list examples were read as their style's text, in their own files' data (written-lists.ts). */
  readonly read = { lists: 0 };
  private readonly visited = new PlacesMet();
  private readonly schemas: At[] = [];
  private readonly checks: Check[] = [];
  /** The `$ref`s followed, each problem of one reported once (ref-following.ts). */
  private readonly refs: RefFollower;
  private readonly verdicts: Verdicts;

  constructor(
    private readonly files: Map<string, YamlSource>,
    readonly is31: boolean,
    private readonly formats: ReadonlySet<string>,
  ) {
    this.refs = new RefFollower(files, this.errors);
    this.verdicts = new Verdicts(is31);
  }

  schemasOf(rootFile: string): Record<string, Schema | boolean> {
    this.walk(rootFile);
    return this.lookup().all();
  }

  run(rootFile: string): SourceError[] {
    this.walk(rootFile);
    // The walk itself reports unresolved references; the schema copies are only needed to check examples.
    if (!this.checks.length) return this.errors;
    const schemas = this.lookup(true);
    const lookup = schemas.lazy();
    for (const c of this.checks) this.check(c, lookup, schemas);
    return this.errors;
  }

  async runUntil(rootFile: string, signal: AbortSignal | undefined): Promise<SourceError[]> {
    this.walk(rootFile);
    if (!this.checks.length) return this.errors;
    await checkpoint(signal);
    const schemas = this.lookup(true);
    const lookup = schemas.lazy();
    for (const [i, c] of this.checks.entries()) {
      if (i % CHECKS_PER_CHUNK === 0) await checkpoint(signal);
      this.check(c, lookup, schemas);
    }
    return this.errors;
  }

  /**
   * The schemas the walk met, made JSON Schema and registered for the validator (schema-lookup.ts); for examples, a
   * field of a discriminated base read as one of its kinds, as the mocks serve and the judge holds it.
   */
  private lookup(asKinds = false): SchemaLookup {
    const kindsIn = asKinds ? (file: string) => this.files.get(file)?.data : undefined;
    return new SchemaLookup(this.schemas, this.is31, this.formats, kindsIn);
  }

  private walk(rootFile: string): void {
    const top = { file: rootFile, path: [], value: this.files.get(rootFile)?.data };
    const paths = inside(top, "paths");
    for (const key of Object.keys((paths.value ?? {}) as Node)) this.pathItem(inside(paths, key), `path ${key}`);
    // OpenAPI 3.1's webhooks: path items by name, the deliveries a trigger reads (an operation's callbacks are read
    // with it). Left out, a broken `$ref` or example of a webhook's was named nowhere: the link failed on it as an
    // internal error.
    const webhooks = inside(top, "webhooks");
    for (const name of Object.keys((webhooks.value ?? {}) as Node))
      this.pathItem(inside(webhooks, name), `webhook ${name}`);
    const components = inside(top, "components");
    const schemas = inside(components, "schemas");
    for (const name of Object.keys((schemas.value ?? {}) as Node)) this.schema(inside(schemas, name));
    for (const kind of ["parameters", "headers"]) {
      const group = inside(components, kind);
      for (const name of Object.keys((group.value ?? {}) as Node)) {
        const at = this.refs.follow(inside(group, name));
        if (at) this.withSchema(at, `${kind.slice(0, -1)} ${name}`);
      }
    }
    for (const kind of ["requestBodies", "responses"]) {
      const group = inside(components, kind);
      for (const name of Object.keys((group.value ?? {}) as Node)) {
        const at = this.refs.follow(inside(group, name));
        if (at) this.content(at, `${kind === "responses" ? "response" : "request body"} ${name}`);
      }
    }
  }

  /** A path item's parameters and operations (`where`: how a message names it), each operation's callbacks too. */
  private pathItem(start: At, where: string): void {
    const item = this.refs.follow(start);
    // Once each: a callback's path item may be `$ref`'d again from within itself.
    if (!item || this.visited.meet(item)) return;
    this.parameters(item, where);
    for (const method of OPERATION_METHODS) {
      const op = this.child(item, method);
      if (!op) continue;
      const name = `${String(asNode(op.value)?.operationId ?? `${method.toUpperCase()} ${where}`)}`;
      this.parameters(op, `"${name}"`);
      const body = this.child(op, "requestBody");
      if (body) this.content(body, `the request body of "${name}"`);
      const responses = this.child(op, "responses");
      for (const status of Object.keys(asNode(responses?.value) ?? {})) {
        const response = this.refs.follow(inside(responses as At, status));
        if (!response) continue;
        this.content(response, `the ${status} response of "${name}"`);
        const headers = inside(response, "headers");
        for (const header of Object.keys((headers.value ?? {}) as Node)) {
          const h = this.refs.follow(inside(headers, header));
          if (h) this.withSchema(h, `header ${header} of the ${status} response of "${name}"`);
        }
      }
      // OpenAPI 3's callbacks: by name, each a map of address expressions to the path items the API sends.
      const callbacks = this.child(op, "callbacks");
      for (const callback of Object.keys(asNode(callbacks?.value) ?? {})) {
        const expressions = this.refs.follow(inside(callbacks as At, callback));
        for (const expression of Object.keys(asNode(expressions?.value) ?? {}))
          this.pathItem(inside(expressions as At, expression), `callback ${callback} of ${name}`);
      }
    }
  }

  /** Whether a parameter's schema is a list of enumerated items (its example may join their values: written-lists). */
  private enumeratedItems(p: At): boolean {
    const schema = this.refs.follow(inside(p, "schema"));
    const items = schema && this.refs.follow(inside(schema, "items"));
    return Array.isArray(asNode(items?.value)?.enum);
  }

  private parameters(owner: At, what: string): void {
    const list = inside(owner, "parameters");
    if (!Array.isArray(list.value)) return;
    for (let i = 0; i < list.value.length; i++) {
      const p = this.refs.follow(inside(list, i));
      if (!p) continue;
      const before = this.checks.length;
      this.withSchema(p, `parameter ${String(asNode(p.value)?.name)} of ${what}`);
      markWrittenLists(p, this.checks.slice(before), this.enumeratedItems(p));
      // A parameter described by `content` (a JSON-encoded value): its media type's schema and examples.
      if (asNode(p.value)?.content !== undefined)
        this.content(p, `parameter ${String(asNode(p.value)?.name)} of ${what}`);
    }
  }

  /** A media type map's examples (`content.<type>.example`, `…examples.<name>.value`). */
  private content(owner: At, what: string): void {
    const content = inside(owner, "content");
    const types = Object.keys((content.value ?? {}) as Node);
    // A JSON type without a schema of its own holds the body a sibling's schema describes (describingType: another JSON
    // type's, or a structure under `*/*`, which a mock serves as JSON with these examples); checked against it.
    const described = describingType(
      content.value,
      (type) => this.refs.follow(inside(inside(content, type), "schema"))?.value,
    );
    const sibling = described === undefined ? undefined : inside(inside(content, described), "schema");
    for (const mediaType of types) {
      const media = inside(content, mediaType);
      this.withSchema(media, `${what} (${mediaType})`, isJsonMediaType(mediaType) ? sibling : undefined);
      // A form's or multipart body's per-field headers (`encoding.<field>.headers`).
      const encoding = inside(media, "encoding");
      for (const field of Object.keys(asNode(encoding.value) ?? {})) {
        const headers = inside(inside(encoding, field), "headers");
        for (const header of Object.keys(asNode(headers.value) ?? {})) {
          const h = this.refs.follow(inside(headers, header));
          if (h) this.withSchema(h, `header ${header} of field ${field} of ${what} (${mediaType})`);
        }
      }
    }
  }

  /**
   * An object with `schema` and `example`/`examples` (a media type, a parameter, a header); `fallback`, the schema its
   * examples meet when it has none.
   */
  private withSchema(at: At, what: string, fallback?: At): void {
    const node = asNode(at.value);
    if (!node) return;
    // Named examples are followed even without a schema: a reference of theirs that does not resolve is reported.
    const named = inside(at, "examples");
    const examples = Object.keys((node.examples ?? {}) as Node).map(
      (name) => [name, this.refs.follow(inside(named, name))] as const,
    );
    if (node.schema === undefined && !fallback) return;
    const schema = node.schema === undefined && fallback ? fallback : inside(at, "schema");
    this.schema(schema);
    if (node.example !== undefined)
      this.checks.push({
        example: inside(at, "example"),
        schema,
        what: `the example of ${what}`,
        site: inside(at, "example"),
      });
    for (const [name, example] of examples) {
      if (example && asNode(example.value)?.value !== undefined)
        this.checks.push({
          example: inside(example, "value"),
          schema,
          what: `example "${name}" of ${what}`,
          site: inside(named, name),
        });
    }
  }

  /** A schema and the schemas inside it: each one's own `example` (and 3.1 `examples`). */
  private schema(start: At): void {
    const at = this.refs.follow(start);
    if (!at) return;
    // An alias (a schema that is only a `$ref`, such as a component naming another) is registered as well:
    // a `$ref` to it must resolve when a value is checked against a schema that names it.
    if (typeof asNode(start.value)?.$ref === "string" && at.value !== start.value && !this.visited.meet(start))
      this.schemas.push(start);
    if (this.visited.meet(at)) return;
    const node = at.value as Node;
    this.schemas.push(at);
    if (node.example !== undefined)
      this.checks.push({
        example: inside(at, "example"),
        schema: at,
        what: `the example of the schema at ${at.path.join(".") || "(top)"}`,
        site: inside(at, "example"),
      });
    if (this.is31 && Array.isArray(node.examples)) {
      const examples = inside(at, "examples");
      for (const i of node.examples.keys())
        this.checks.push({
          example: inside(examples, i),
          schema: at,
          what: `example ${i} of the schema at ${at.path.join(".")}`,
          site: inside(examples, i),
        });
    }
    // `for…in` and indexed loops: `for…of` made an iterator's results (and Object.keys an array) at each schema, in
    // code the compilers have not optimised yet (generate's collector runs by the bytes allocated).
    const names = node.properties as Node | undefined;
    if (names !== null && typeof names === "object") {
      const properties = inside(at, "properties");
      for (const name in names) if (Object.hasOwn(names, name)) this.schema(inside(properties, name));
    }
    if (node.items && typeof node.items === "object" && !Array.isArray(node.items)) this.schema(inside(at, "items"));
    if (node.additionalProperties && typeof node.additionalProperties === "object")
      this.schema(inside(at, "additionalProperties"));
    for (let c = 0; c < COMBINERS.length; c++) {
      const k = COMBINERS[c] as string;
      if (!Array.isArray(node[k])) continue;
      const list = inside(at, k);
      for (let i = 0; i < (node[k] as unknown[]).length; i++) this.schema(inside(list, i));
    }
    if (node.not && typeof node.not === "object") this.schema(inside(at, "not"));
  }

  private check(
    { example, schema, what, site, separator }: Check,
    lookup: Record<string, Schema | boolean>,
    schemas: SchemaLookup,
  ): void {
    const followed = this.refs.follow(schema);
    // A schema behind a reference that does not resolve: that is the problem, reported at the reference.
    if (!followed && typeof asNode(schema.value)?.$ref === "string") return;
    const resolved = followed ?? schema;
    const letter = lookup[schemaUri(resolved.file, resolved.path)];
    // A merge patch's example is a patch (schemas/merge-patch.ts).
    const target = isMergePatchPlace(schema.path) ? registeredPatchView(letter, lookup) : letter;
    const value = example.value;
    let errors: OutputUnit[];
    try {
      if (target === undefined) throw new Error("it is not a schema the walk could register");
      this.verdicts.keptFor(schemas);
      errors = this.verdicts.errorsOf(value, target, lookup);
    } catch (e) {
      // An example its schema cannot check is the example's problem too: a published one is then left out with a
      // warning (published-examples.ts), where refusing the document refused a draft add had written.
      const error = new SourceError(
        "BW1205",
        this.locate(schema),
        `the schema of ${what} cannot be used: ${(e as Error).message}`,
      );
      this.mismatches.push({ error, file: site.file, site: site.path, value, at: example.path });
      return;
    }
    const cause = rootCause(errors);
    if (!cause) return;
    const meets = (list: unknown[]) => !rootCause(this.verdicts.errorsOf(list, target, lookup));
    if (readListInPlace(this.files.get(example.file)?.data, example.path, value, separator, meets, this.read)) return;
    // A discriminated union's property naming no shape, or a shape whose fields the value lacks: the judge's words.
    const kind = discriminatorMiss(errors, cause, target, lookup, value);
    const path = kind?.path ?? [...refPath(cause.instanceLocation)];
    const error = new SourceError(
      "BW1204",
      this.locate(
        { file: example.file, path: [...example.path, ...path] },
        !kind && cause.keyword === "false" ? "key" : "value",
      ),
      `${what} does not match its schema: ${kind?.message ?? describe(cause, path, value)}`,
    );
    this.mismatches.push({ error, file: site.file, site: site.path, value, at: example.path });
  }

  private child(at: At, key: string): At | undefined {
    return asNode(at.value)?.[key] !== undefined ? this.refs.follow(inside(at, key)) : undefined;
  }

  private locate(at: Pick<At, "file" | "path">, which: "key" | "value" = "key") {
    return placeIn(this.files, at, which);
  }
}

/** The value if it is an object (not a list). */
function asNode(value: unknown): Node | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

/** The key a schema at `path` in `file` is registered under (the validator's absolute URI of it). */
export function schemaUri(file: string, path: Path): string {
  return `${fileHref(file)}#${pointer(path)}`;
}
