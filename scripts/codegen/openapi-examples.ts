// Every example of an OpenAPI document, checked against its schema at
// generation time: a media type's `example` and named `examples`, a
// parameter's or header's, and a schema's own `example`. A wrong example
// would otherwise pass generation and surface later as a mock's opaque 500.
//
// The files are walked as they are written (following `$ref`s from file to
// file), so that a problem names the example's own `file:line:col`; Ajv
// checks each value against its schema, given every file of the document
// (each under its file URL, so references between files resolve). OpenAPI
// 3.0 schemas are JSON Schema with a few differences, bridged on a copy:
// `nullable`, and boolean `exclusiveMinimum`/`exclusiveMaximum`. Formats are
// not checked (the specs use many Ajv does not know).
import { fileURLToPath, pathToFileURL } from "node:url";
import AjvModule, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import { SourceError, type YamlSource } from "../yaml/yaml-source.js";

const Ajv = AjvModule.default ?? AjvModule;
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;

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
  const is31 = version.startsWith("3.1");
  const ajv = is31
    ? new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, logger: false })
    : new Ajv({ strict: false, validateSchema: false, validateFormats: false, logger: false });
  for (const [file, source] of files) {
    const copy = structuredClone(source.data) as Node;
    if (!is31) toJsonSchema(copy);
    ajv.addSchema({ ...copy, $id: pathToFileURL(file).href });
  }
  return new Walker(files, ajv, is31).run(rootFile);
}

class Walker {
  readonly errors: SourceError[] = [];
  private readonly visited = new Set<string>();
  private readonly compiled = new Map<string, ValidateFunction | Error>();

  constructor(
    private readonly files: Map<string, YamlSource>,
    private readonly ajv: InstanceType<typeof Ajv> | InstanceType<typeof Ajv2020>,
    private readonly is31: boolean,
  ) {}

  run(rootFile: string): SourceError[] {
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
    return this.errors;
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
    if (!node || node.schema === undefined) return;
    const schema: At = { ...at, path: [...at.path, "schema"] };
    this.schema(schema);
    if (node.example !== undefined) this.check({ ...at, path: [...at.path, "example"] }, schema, `the example of ${what}`);
    for (const name of Object.keys((node.examples ?? {}) as Node)) {
      const example = this.follow({ ...at, path: [...at.path, "examples", name] });
      if (example && this.node(example)?.value !== undefined) this.check({ ...example, path: [...example.path, "value"] }, schema, `example "${name}" of ${what}`);
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
    if (node.example !== undefined) this.check({ ...at, path: [...at.path, "example"] }, at, `the example of the schema at ${at.path.join(".") || "(top)"}`);
    if (this.is31 && Array.isArray(node.examples)) node.examples.forEach((_, i) => this.check({ ...at, path: [...at.path, "examples", i] }, at, `example ${i} of the schema at ${at.path.join(".")}`));
    const sub = (path: Path) => this.schema({ ...at, path: [...at.path, ...path] });
    for (const name of Object.keys((node.properties ?? {}) as Node)) sub(["properties", name]);
    if (node.items && typeof node.items === "object" && !Array.isArray(node.items)) sub(["items"]);
    if (node.additionalProperties && typeof node.additionalProperties === "object") sub(["additionalProperties"]);
    for (const k of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((_, i) => sub([k, i]));
    if (node.not && typeof node.not === "object") sub(["not"]);
  }

  private check(example: At, schema: At, what: string): void {
    const validate = this.validator(schema);
    if (validate instanceof Error) {
      this.errors.push(new SourceError(this.locate(schema), `the schema of ${what} cannot be compiled: ${validate.message}`));
      return;
    }
    const value = this.valueAt(example);
    if (validate(value)) return;
    const first = (validate.errors ?? [])[0];
    if (!first) return;
    const inner = first.instancePath ? first.instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")) : [];
    this.errors.push(new SourceError(this.locate({ ...example, path: [...example.path, ...inner] }, "value"), `${what} does not match its schema: ${describe(first, value)}`));
  }

  private validator(schema: At): ValidateFunction | Error {
    // A schema without references is compiled once per content, on its own (cheaper than through
    // the document); one with references, once per place, through its file's URL so they resolve.
    const node = this.valueAt(schema);
    const standalone = !hasRef(node);
    const key = standalone ? `content:${JSON.stringify(node)}` : `${pathToFileURL(schema.file).href}#${schema.path.map((s) => `/${encodeURIComponent(String(s).replace(/~/g, "~0").replace(/\//g, "~1"))}`).join("")}`;
    let found = this.compiled.get(key);
    if (!found) {
      try {
        found = standalone ? this.ajv.compile(this.jsonSchema(node)) : this.ajv.compile({ $ref: key });
      } catch (e) {
        found = e as Error;
      }
      this.compiled.set(key, found);
    }
    return found;
  }

  private jsonSchema(node: unknown): object {
    const copy = structuredClone(node) as Node;
    if (!this.is31) toJsonSchema(copy);
    return copy;
  }

  /** Follow `$ref`s from `at` (into other files too) to the object they name. */
  private follow(at: At): At | undefined {
    let current = at;
    for (let depth = 0; depth < 32; depth++) {
      const node = this.node(current);
      if (!node || typeof node.$ref !== "string") return node ? current : undefined;
      const [filePart, fragment = ""] = (node.$ref as string).split("#");
      const file = filePart ? resolveFile(current.file, filePart) : current.file;
      if (!this.files.has(file)) return undefined; // reported by the bundler
      current = { file, path: fragment.replace(/^\//, "") ? fragment.replace(/^\//, "").split("/").map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~")) : [] };
    }
    return undefined;
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
    return at.path.reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined), this.files.get(at.file)?.data);
  }

  private locate(at: At, which: "key" | "value" = "key") {
    return this.files.get(at.file)!.locate(at.path, which);
  }
}

function hasRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasRef);
  if (node === null || typeof node !== "object") return false;
  return "$ref" in node || Object.values(node).some(hasRef);
}

function resolveFile(from: string, ref: string): string {
  return fileURLToPath(new URL(ref, pathToFileURL(from)));
}

/** Ajv's complaint in words, with where it is in the example and what was found. */
function describe(error: ErrorObject, root: unknown): string {
  const where = error.instancePath || "(the whole example)";
  const found = error.instancePath.split("/").slice(1).reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), root);
  switch (error.keyword) {
    case "required":
      return `${where} lacks required field "${String(error.params.missingProperty)}"`;
    case "additionalProperties":
      return `${where} has field "${String(error.params.additionalProperty)}", which the schema does not allow`;
    case "enum":
      return `${where} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(found)}`;
    default:
      return `${where} ${error.message ?? "is invalid"}, got ${JSON.stringify(found)}`;
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
