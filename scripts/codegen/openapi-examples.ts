// Every example of an OpenAPI document, checked against its schema at
// generation time: a media type's `example` and named `examples`, a
// parameter's or header's, and a schema's own `example`. A wrong example
// would otherwise pass generation and surface later as a mock's opaque 500.
//
// The files are walked as they are written (following `$ref`s from file to
// file), so that a problem names the example's own `file:line:col`. The
// walk first gathers every schema and every example; then each schema is
// registered under its file URL and JSON pointer (so references between
// files resolve) and each value is checked by @cfworker/json-schema, an
// interpreting validator (the one the MCP SDK offers): one check per example
// costs far less than compiling a validator for it, which dominated
// generation time with Ajv. OpenAPI 3.0 schemas are JSON Schema with a few
// differences, bridged on a copy: `nullable`, and boolean
// `exclusiveMinimum`/`exclusiveMaximum`. Formats are not checked (the specs
// use many that no validator knows, and vendors disagree on the rest).
import { fileURLToPath, pathToFileURL } from "node:url";
import { dereference, encodePointer, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { SourceError, type YamlSource } from "../yaml/yaml-source.js";
import { refPath } from "../yaml/json-ref.js";

type Node = Record<string, unknown>;
type Path = (string | number)[];

/** A place in one of the files. */
interface At {
  file: string;
  path: Path;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function validateExamples(files: Map<string, YamlSource>, rootFile: string): SourceError[] {
  const root = files.get(rootFile)!;
  const version = String((root.data as Node)?.openapi ?? "3.0");
  return new Walker(files, version.startsWith("3.1")).run(rootFile);
}

/** An example to check, and the schema it must meet. */
interface Check {
  example: At;
  schema: At;
  what: string;
}

class Walker {
  readonly errors: SourceError[] = [];
  private readonly visited = new Set<string>();
  private readonly schemas: At[] = [];
  private readonly checks: Check[] = [];
  private readonly reported = new Set<string>();

  constructor(
    private readonly files: Map<string, YamlSource>,
    private readonly is31: boolean,
  ) {}

  run(rootFile: string): SourceError[] {
    this.walk(rootFile);
    // The walk itself reports unresolved references; the schema copies are only needed to check examples.
    if (!this.checks.length) return this.errors;
    const lookup = this.lookup();
    for (const c of this.checks) this.check(c, lookup);
    return this.errors;
  }

  private walk(rootFile: string): void {
    const doc = this.node({ file: rootFile, path: [] });
    const paths = (doc?.paths ?? {}) as Node;
    for (const key of Object.keys(paths)) {
      const item = this.follow({ file: rootFile, path: ["paths", key] });
      if (!item) continue;
      this.parameters(item, `path ${key}`);
      for (const method of METHODS) {
        const op = this.child(item, method);
        if (!op) continue;
        const name = `${String(this.node(op)?.operationId ?? `${method.toUpperCase()} ${key}`)}`;
        this.parameters(op, `"${name}"`);
        const body = this.child(op, "requestBody");
        const resolvedBody = body && this.follow(body);
        if (resolvedBody) this.content(resolvedBody, `the request body of "${name}"`);
        const responses = this.child(op, "responses");
        for (const status of Object.keys(this.node(responses) ?? {})) {
          const response = this.follow({ ...responses!, path: [...responses!.path, status] });
          if (!response) continue;
          this.content(response, `the ${status} response of "${name}"`);
          for (const header of Object.keys((this.node(response)?.headers ?? {}) as Node)) {
            const h = this.follow({ ...response, path: [...response.path, "headers", header] });
            if (h) this.withSchema(h, `header ${header} of the ${status} response of "${name}"`);
          }
        }
      }
    }
    const components = (doc?.components ?? {}) as Node;
    for (const name of Object.keys((components.schemas ?? {}) as Node)) this.schema({ file: rootFile, path: ["components", "schemas", name] });
    for (const kind of ["parameters", "headers"]) {
      for (const name of Object.keys((components[kind] ?? {}) as Node)) {
        const at = this.follow({ file: rootFile, path: ["components", kind, name] });
        if (at) this.withSchema(at, `${kind.slice(0, -1)} ${name}`);
      }
    }
    for (const kind of ["requestBodies", "responses"]) {
      for (const name of Object.keys((components[kind] ?? {}) as Node)) {
        const at = this.follow({ file: rootFile, path: ["components", kind, name] });
        if (at) this.content(at, `${kind === "responses" ? "response" : "request body"} ${name}`);
      }
    }
  }

  private parameters(owner: At, what: string): void {
    const list = this.node(owner)?.parameters;
    if (!Array.isArray(list)) return;
    list.forEach((_, i) => {
      const p = this.follow({ ...owner, path: [...owner.path, "parameters", i] });
      const name = p && this.node(p)?.name;
      if (p) this.withSchema(p, `parameter ${String(name)} of ${what}`);
    });
  }

  /** A media type map's examples (`content.<type>.example`, `…examples.<name>.value`). */
  private content(owner: At, what: string): void {
    const content = (this.node(owner)?.content ?? {}) as Node;
    for (const mediaType of Object.keys(content)) this.withSchema({ ...owner, path: [...owner.path, "content", mediaType] }, `${what} (${mediaType})`);
  }

  /** An object with `schema` and `example`/`examples` (a media type, a parameter, a header). */
  private withSchema(at: At, what: string): void {
    const node = this.node(at);
    if (!node) return;
    // Named examples are followed even without a schema: a reference of theirs that does not resolve is reported.
    const examples = Object.keys((node.examples ?? {}) as Node).map((name) => [name, this.follow({ ...at, path: [...at.path, "examples", name] })] as const);
    if (node.schema === undefined) return;
    const schema: At = { ...at, path: [...at.path, "schema"] };
    this.schema(schema);
    if (node.example !== undefined) this.checks.push({ example: { ...at, path: [...at.path, "example"] }, schema, what: `the example of ${what}` });
    for (const [name, example] of examples) {
      if (example && this.node(example)?.value !== undefined) this.checks.push({ example: { ...example, path: [...example.path, "value"] }, schema, what: `example "${name}" of ${what}` });
    }
  }

  /** A schema and the schemas inside it: each one's own `example` (and 3.1 `examples`). */
  private schema(start: At): void {
    const at = this.follow(start);
    if (!at) return;
    const key = `${at.file}#${at.path.join("/")}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    const node = this.node(at);
    if (!node) return;
    this.schemas.push(at);
    if (node.example !== undefined) this.checks.push({ example: { ...at, path: [...at.path, "example"] }, schema: at, what: `the example of the schema at ${at.path.join(".") || "(top)"}` });
    if (this.is31 && Array.isArray(node.examples)) node.examples.forEach((_, i) => this.checks.push({ example: { ...at, path: [...at.path, "examples", i] }, schema: at, what: `example ${i} of the schema at ${at.path.join(".")}` }));
    const sub = (path: Path) => this.schema({ ...at, path: [...at.path, ...path] });
    for (const name of Object.keys((node.properties ?? {}) as Node)) sub(["properties", name]);
    if (node.items && typeof node.items === "object" && !Array.isArray(node.items)) sub(["items"]);
    if (node.additionalProperties && typeof node.additionalProperties === "object") sub(["additionalProperties"]);
    for (const k of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((_, i) => sub([k, i]));
    if (node.not && typeof node.not === "object") sub(["not"]);
  }

  /**
   * Every schema the walk met, registered under `<file URL>#<pointer>` as
   * the validator resolves `$ref`s, through copies made JSON Schema, whose
   * schemas lose their `example` (only schemas are
   * registered, never example data, whose `id` or `$id` keys the validator
   * would take for schema identifiers) and their `format` (not checked).
   */
  private lookup(): Record<string, Schema | boolean> {
    // Only the outermost schemas are copied (each with the schemas inside it), parents before children.
    const roots = new Map<string, { at: At; copy: Node }>();
    const keyOf = (file: string, path: Path) => `${file}#${path.join("\u0000")}`;
    for (const at of [...this.schemas].sort((a, b) => a.path.length - b.path.length)) {
      let root: { at: At; copy: Node } | undefined;
      for (let k = 0; k < at.path.length && !root; k++) root = roots.get(keyOf(at.file, at.path.slice(0, k)));
      const node = root ? (valueIn(root.copy, at.path.slice(root.at.path.length)) as Node | undefined) : (structuredClone(this.valueAt(at)) as Node);
      if (!node) continue;
      delete node.example;
      delete node.format;
      if (!root) roots.set(keyOf(at.file, at.path), { at, copy: node });
    }
    const lookup: Record<string, Schema | boolean> = {};
    for (const { at, copy } of roots.values()) {
      if (!this.is31) toJsonSchema(copy);
      try {
        dereference(copy as Schema, lookup, new URL(pathToFileURL(at.file).href), pointer(at.path));
      } catch {
        // A schema named twice (an `$id` of its own): checks against it say they cannot resolve it.
      }
    }
    return lookup;
  }

  private check({ example, schema, what }: Check, lookup: Record<string, Schema | boolean>): void {
    const followed = this.follow(schema);
    // A schema behind a reference that does not resolve: that is the problem, reported at the reference.
    if (!followed && typeof this.node(schema)?.$ref === "string") return;
    const resolved = followed ?? schema;
    const target = lookup[`${pathToFileURL(resolved.file).href}#${pointer(resolved.path)}`];
    const value = this.valueAt(example);
    let errors: OutputUnit[];
    try {
      if (target === undefined) throw new Error("it is not a schema the walk could register");
      errors = validate(value, target, this.is31 ? "2020-12" : "7", lookup, false).errors;
    } catch (e) {
      this.errors.push(new SourceError(this.locate(schema), `the schema of ${what} cannot be used: ${(e as Error).message}`));
      return;
    }
    const cause = rootCause(errors);
    if (!cause) return;
    const path = [...refPath(cause.instanceLocation)];
    this.errors.push(new SourceError(this.locate({ ...example, path: [...example.path, ...path] }, cause.keyword === "false" ? "key" : "value"), `${what} does not match its schema: ${describe(cause, path, value)}`));
  }

  /**
   * Follow `$ref`s from `at` (into other files too) to the object they name.
   * A reference to a place its file does not have is reported at the
   * reference (a file that could not be read stopped the bundler first).
   */
  private follow(at: At): At | undefined {
    let current = at;
    const seen = new Set<string>();
    for (;;) {
      const node = this.node(current);
      if (!node || typeof node.$ref !== "string") return node ? current : undefined;
      const key = `${current.file}#${current.path.join("\u0000")}`;
      if (seen.has(key)) {
        this.refProblem(current, `$ref ${JSON.stringify(node.$ref)} leads back to itself (a cycle of $refs names no object)`);
        return undefined;
      }
      seen.add(key);
      const ref = node.$ref as string;
      const [filePart, fragment = ""] = ref.split("#");
      const file = filePart ? resolveFile(current.file, filePart) : current.file;
      if (!this.files.has(file)) return undefined;
      let path: string[];
      try {
        path = [...refPath(`#${fragment}`)];
      } catch (e) {
        this.refProblem(current, `$ref ${JSON.stringify(ref)} does not resolve: ${(e as Error).message}`);
        return undefined;
      }
      if (valueIn(this.files.get(file)!.data, path) === undefined) {
        this.refProblem(current, `$ref ${JSON.stringify(ref)} does not resolve (no such place in ${filePart ? "that" : "this"} file)`);
        return undefined;
      }
      current = { file, path };
    }
  }

  /** A problem of the `$ref` at `at`, reported once however often the walk meets it. */
  private refProblem(at: At, message: string): void {
    const key = `${at.file}#${at.path.join("\u0000")}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.errors.push(new SourceError(this.locate({ ...at, path: [...at.path, "$ref"] }, "value"), message));
  }

  private child(at: At | undefined, key: string): At | undefined {
    if (!at) return undefined;
    const node = this.node(at);
    return node && node[key] !== undefined ? this.follow({ ...at, path: [...at.path, key] }) : undefined;
  }

  private node(at: At | undefined): Node | undefined {
    const value = at ? this.valueAt(at) : undefined;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
  }

  private valueAt(at: At): unknown {
    return valueIn(this.files.get(at.file)?.data, at.path);
  }

  private locate(at: At, which: "key" | "value" = "key") {
    return this.files.get(at.file)!.locate(at.path, which);
  }
}

function valueIn(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined), data);
}

/** A JSON pointer written as the validator writes the ones it registers. */
function pointer(path: Path): string {
  return path.map((s) => `/${encodePointer(String(s))}`).join("");
}

function resolveFile(from: string, ref: string): string {
  return fileURLToPath(new URL(ref, pathToFileURL(from)));
}

// Keywords whose error only says that something inside failed: the cause is further down the list.
const WRAPPERS = new Set(["properties", "patternProperties", "additionalProperties", "items", "prefixItems", "additionalItems", "$ref", "$recursiveRef", "$dynamicRef", "allOf", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "if", "then", "else"]);

/** The first error that is a reason rather than a summary of the ones below it. */
function rootCause(errors: OutputUnit[]): OutputUnit | undefined {
  return errors.find((e) => !WRAPPERS.has(e.keyword)) ?? errors[0];
}

const BOUND_WORDS: Record<string, string> = { minimum: "at least", exclusiveMinimum: "greater than", maximum: "at most", exclusiveMaximum: "less than" };

/** The validator's complaint in words, with where it is in the example and what was found. */
function describe(error: OutputUnit, path: Path, root: unknown): string {
  const at = (p: Path) => (p.length ? `/${p.map(String).join("/")}` : "(the whole example)");
  const where = at(path);
  const found = valueIn(root, path);
  const quoted = (pattern: RegExp) => pattern.exec(error.error)?.[1];
  switch (error.keyword) {
    case "false":
      // `additionalProperties: false` reports the extra field itself as failing the schema `false`.
      return `${at(path.slice(0, -1))} has field "${String(path.at(-1))}", which the schema does not allow`;
    case "required":
      return `${where} lacks required field "${quoted(/required property "(.*)"/) ?? "?"}"`;
    case "type": {
      const expected = (error.error.split("Expected")[1] ?? "").match(/[\w-]+/g);
      return `${where} must be ${expected ? expected.join(" or ") : "of another type"}, got ${JSON.stringify(found)}`;
    }
    case "enum": {
      const allowed = quoted(/any of (\[.*\])\.?$/);
      return `${where} must be one of ${allowed ? (JSON.parse(allowed) as unknown[]).map((v) => JSON.stringify(v)).join(", ") : "its listed values"}, got ${JSON.stringify(found)}`;
    }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum": {
      const bound = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\.?$/i.exec(error.error)?.[1] ?? "its bound";
      return `${where} must be ${BOUND_WORDS[error.keyword]} ${bound}, got ${JSON.stringify(found)}`;
    }
    default:
      return `${where} ${error.error.replace(/\.$/, "").replace(/^\w/, (c) => c.toLowerCase())}, got ${JSON.stringify(found)}`;
  }
}

/** OpenAPI 3.0 schema keywords that differ from JSON Schema, rewritten in place (on a copy). */
function toJsonSchema(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(toJsonSchema);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const n = node as Node;
  for (const value of Object.values(n)) toJsonSchema(value);
  if (n.nullable === true) {
    delete n.nullable;
    if (typeof n.type === "string") n.type = [n.type, "null"];
    else if (n.type === undefined && !("$ref" in n)) {
      const rest = { ...n };
      for (const key of Object.keys(n)) delete n[key];
      n.anyOf = [rest, { type: "null" }];
    }
    if (Array.isArray(n.enum) && !n.enum.includes(null)) n.enum = [...n.enum, null];
  } else if (n.nullable === false) {
    delete n.nullable;
  }
  for (const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (n[flag] === true && typeof n[bound] === "number") {
      n[flag] = n[bound];
      delete n[bound];
    } else if (n[flag] === false) {
      delete n[flag];
    }
  }
}
