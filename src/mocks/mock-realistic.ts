// Realistic answers: a JSON success answer the document gives no example of
// is drawn from its schema (sample/schema-sample.ts `realistic`, leaf values from
// realistic-values.ts) the first time a request reaches its operation, and
// given to Prism as that answer's example, which Prism then serves, and
// checks, as it would the document's own. Where the walk makes no valid value
// within its bounds, Prism keeps what it had (the fewest-fields answer of
// mock-answers.ts, or its own sampler's). Made once per operation, when asked
// for, not when the mock starts: a published document has hundreds of
// answers, a run reaches a few. The seed is the mock's (`--seed`): the same
// seed, the same document, the same answers.
import type { RequestListener } from "node:http";
import { documentServer } from "../link/server/server.js";
import { ownServer, servedPath } from "../link/server/operation-server.js";
import { givesExampleValue } from "../load/media-types.js";
import { servedKeyPaths } from "../load/operation-index.js";
import { withBaseRefsAsKinds } from "../load/schemas/base-kinds.js";
import { pathPattern } from "./routing/path-templates.js";
import { realisticValues } from "./realistic-values.js";
import { SchemaLookup } from "./sample/sample-lookup.js";
import { DocumentSampler, type RealisticValues } from "./sample/schema-sample.js";
import { withoutWrittenOnly } from "./sample/write-only.js";

type Node = Record<string, unknown>;

/** The parts of one of Prism's operations (http-spec's IHttpOperation) read and written here. */
export interface PrismOperation {
  method: string;
  path: string;
  responses: {
    code: string;
    contents?: { mediaType: string; schema?: unknown; examples?: { key: string; value: unknown }[] }[];
  }[];
}

const JSON_MEDIA = /^application\/(.+\+)?json\b/i;

/** An operation's default success answer: what a request gets when it asks for no status or example. */
export interface DefaultAnswer {
  status: number;
  mediaType: string;
  body: unknown;
  /** The answer's schema in the served document (a JSON pointer). */
  schema: string;
}

/** The realistic answers of one mock: its document as served, Prism's operations of it, and the seed. */
export class RealisticAnswers {
  private readonly routes: { operation: PrismOperation; pattern: RegExp; templated: number }[];
  private readonly prepared = new Set<PrismOperation>();
  /** Answers the document gives an example of (served path, method, status, media type). */
  private readonly own = new Set<string>();
  private sampler: DocumentSampler | undefined;
  private values: RealisticValues | undefined;

  /**
   * `served`: the document Prism's operations were made from; `original`: the document as loaded, before the mock's
   * changes (its examples are the document's own: the fewest-fields answers mock-answers.ts adds are not).
   */
  constructor(
    private readonly served: Node,
    original: Node,
    operations: PrismOperation[],
    readonly seed: number,
    /** Whether a body reads as a failure by the manifest (`errors.failureWhen`): no success answer is made so. */
    private readonly readsAsFailure: (body: unknown) => boolean = () => false,
  ) {
    this.routes = operations.map((operation) => ({
      operation,
      pattern: pathPattern(operation.path),
      templated: (operation.path.match(/\{/g) ?? []).length,
    }));
    const server = documentServer(served);
    const base = server && "path" in server ? server.path : "";
    const paths = isNode(original.paths) ? original.paths : {};
    const servedAt = servedKeyPaths(Object.keys(paths));
    for (const [path, item] of Object.entries(paths)) {
      if (!isNode(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (!isNode(op) || !isNode(op.responses)) continue;
        // An operation whose own server names another path is served under it (link/server/operation-server.ts).
        const own = ownServer(original, path, method);
        const under = servedPath(own, base);
        for (const [status, raw] of Object.entries(op.responses)) {
          const response = followRef(original, raw, "").node;
          if (!isNode(response) || !isNode(response.content)) continue;
          for (const [type, media] of Object.entries(response.content)) {
            if (isNode(media) && (media.example !== undefined || valuedExamples(original, media.examples)))
              this.own.add(key(`${under}${servedAt(path).replace(/\{\+/g, "{")}`, method, status, type));
          }
        }
      }
    }
  }

  /**
   * The operations a request for `method` and `pathname` reaches, the most concrete path first, each with its realistic
   * answers made.
   */
  reached(method: string, pathname: string): PrismOperation[] {
    const found = this.routes
      .filter((r) => r.operation.method.toUpperCase() === method.toUpperCase() && r.pattern.test(pathname))
      .sort((a, b) => a.templated - b.templated)
      .map((r) => r.operation);
    for (const operation of found) this.prepare(operation);
    return found;
  }

  /**
   * What a request that asks for nothing in particular gets from the operation, as Prism chooses it: its lowest success
   * status, that answer's first JSON type and its first example; undefined where that is not a JSON example.
   */
  defaultAnswer(operation: PrismOperation): DefaultAnswer | undefined {
    this.prepare(operation);
    const [response] = operation.responses
      .filter((r) => /^2\d\d$/.test(r.code))
      .sort((a, b) => Number(a.code) - Number(b.code));
    const content = response?.contents?.find((c) => JSON_MEDIA.test(c.mediaType));
    const example = content?.examples?.[0];
    if (!response || !content || !example) return undefined;
    return {
      status: Number(response.code),
      mediaType: content.mediaType,
      body: structuredClone(example.value),
      schema: this.schemaPointer(operation, response.code, content.mediaType),
    };
  }

  /**
   * A realistic value of the schema at `pointer` of the served document, drawn with `seed` (undefined: none valid
   * within the bounds).
   */
  draw(pointer: string, seed: number): unknown {
    return this.samplerOf().sample(pointer, { seed, realistic: this.valuesOf(), answer: true })?.value;
  }

  /** Whether `value` is valid against the schema at `pointer` of the served document. */
  valid(value: unknown, pointer: string): boolean {
    return this.samplerOf().valid(value, pointer);
  }

  /**
   * Whether `body` fits the schema of the answer a request for `method` and `pathname` gets with `status` and
   * `mediaType` (its parameters aside); true where no such answer's schema is known (nothing to hold it to).
   */
  fits(method: string, pathname: string, status: number, mediaType: string, body: unknown): boolean {
    const pointer = this.answerSchema(method, pathname, status, mediaType);
    return pointer === undefined || this.valid(body, pointer);
  }

  /**
   * The pointer of the schema of the answer a request for `method` and `pathname` gets with `status` and `mediaType`
   * (its parameters aside) in the served document; undefined where it has none.
   */
  answerSchema(method: string, pathname: string, status: number, mediaType: string): string | undefined {
    const [operation] = this.reached(method, pathname);
    const base = (type: string) => type.split(";")[0]?.trim().toLowerCase();
    const content = operation?.responses
      .find((r) => r.code === String(status))
      ?.contents?.find((c) => base(c.mediaType) === base(mediaType));
    if (!operation || !content || content.schema === undefined) return undefined;
    return this.schemaPointer(operation, String(status), content.mediaType);
  }

  /**
   * Whether the served document declares an answer of `status` for the operation (its response's `$ref` followed),
   * with its first JSON media type and the pointer of that schema when it has one.
   */
  declaredAnswer(
    operation: PrismOperation,
    status: string,
  ): { json?: { mediaType: string; schema: string } } | undefined {
    const at = `/paths/${escapeKey(operation.path)}/${operation.method.toLowerCase()}/responses/${escapeKey(status)}`;
    const response = followRef(this.served, valueAtPointer(this.served, at), at).node;
    if (!isNode(response)) return undefined;
    const content = isNode(response.content) ? response.content : {};
    const mediaType = Object.keys(content).find(
      (type) => JSON_MEDIA.test(type) && isNode(content[type]) && (content[type] as Node).schema !== undefined,
    );
    return mediaType === undefined
      ? {}
      : { json: { mediaType, schema: this.schemaPointer(operation, status, mediaType) } };
  }

  /**
   * The pointer of the schema of the operation's path parameter `name` in the served document (the operation's own,
   * else its path's), `$ref`s followed.
   */
  pathParameterSchema(operation: PrismOperation, name: string): string | undefined {
    const item = `/paths/${escapeKey(operation.path)}`;
    for (const at of [`${item}/${operation.method.toLowerCase()}/parameters`, `${item}/parameters`]) {
      const list = valueAtPointer(this.served, at);
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const { node, pointer } = followRef(this.served, list[i], `${at}/${i}`);
        if (isNode(node) && node.in === "path" && node.name === name && node.schema !== undefined)
          return `${pointer}/schema`;
      }
    }
    return undefined;
  }

  /**
   * `body`, sent to `method` and `pathname` as `mediaType`, without the fields the request's schema writes only: what
   * a stateful mock keeps of it, and so answers (a password is taken, never given back).
   */
  keptOfRequest(method: string, pathname: string, mediaType: string, body: unknown): unknown {
    const [operation] = this.reached(method, pathname);
    if (!operation || body === null || typeof body !== "object") return body;
    const at = `/paths/${escapeKey(operation.path)}/${operation.method.toLowerCase()}/requestBody`;
    const request = followRef(this.served, valueAtPointer(this.served, at), at).node;
    const content = isNode(request) && isNode(request.content) ? request.content : {};
    const bare = (t: string) => t.split(";")[0]?.trim().toLowerCase();
    const type = Object.keys(content).find((t) => bare(t) === bare(mediaType));
    const media = content[type ?? Object.keys(content)[0] ?? ""];
    return isNode(media) ? withoutWrittenOnly(this.served, media.schema, body) : body;
  }

  /** The pointer of an answer's schema in the served document, its response's `$ref` followed. */
  schemaPointer(operation: PrismOperation, status: string, mediaType: string): string {
    const at = `/paths/${escapeKey(operation.path)}/${operation.method.toLowerCase()}/responses/${escapeKey(status)}`;
    return (
      `${followRef(this.served, valueAtPointer(this.served, at), at).pointer}/content/${escapeKey(mediaType)}` +
      `/schema`
    );
  }

  private prepare(operation: PrismOperation): void {
    if (this.prepared.has(operation)) return;
    this.prepared.add(operation);
    for (const response of operation.responses) {
      if (!/^2\d\d$/.test(response.code)) continue;
      for (const content of response.contents ?? []) {
        if (
          !JSON_MEDIA.test(content.mediaType) ||
          content.schema === undefined ||
          this.own.has(key(operation.path, operation.method, response.code, content.mediaType))
        )
          continue;
        const pointer = this.schemaPointer(operation, response.code, content.mediaType);
        // A drawn value the manifest reads as a failure (`ok: false`, drawn as any boolean): the plainest value
        // instead (a flag without a default is true), else Prism's.
        let value = this.draw(pointer, this.seed);
        if (value !== undefined && this.readsAsFailure(value))
          value = this.samplerOf().sample(pointer, { answer: true })?.value;
        if (value !== undefined && !this.readsAsFailure(value)) content.examples = [{ key: "default", value }];
      }
    }
  }

  private samplerOf(): DocumentSampler {
    this.sampler ??= new DocumentSampler(this.served);
    return this.sampler;
  }

  private valuesOf(): RealisticValues {
    this.values ??= realisticValues();
    return this.values;
  }
}

/** Prism's request listener, each request's operations given their realistic answers first. */
export function withRealisticAnswers(listener: RequestListener, answers: RealisticAnswers): RequestListener {
  return (req, res) => {
    answers.reached(req.method ?? "GET", new URL(req.url ?? "/", "http://mock.invalid").pathname);
    listener(req, res);
  };
}

const lookups = new WeakMap<object, SchemaLookup>();

/**
 * Whether a body fits the schema of an operation's answer in a document as loaded (the operation at `location`, its
 * `status` and `mediaType`): what a suite that predicts the mock's answers holds them to, as the mock does (`fits`),
 * a field of a discriminated base held to one of its kinds as in the mock's copy.
 */
export function documentAnswerFits(
  document: Node,
  location: (string | number)[],
  status: string,
  mediaType: string,
): (body: unknown) => boolean {
  const at = `/${[...location, "responses", status].map((k) => escapeKey(String(k))).join("/")}`;
  const pointer =
    `${followRef(document, valueAtPointer(document, at), at).pointer}` + `/content/${escapeKey(mediaType)}/schema`;
  return (body) => {
    if (valueAtPointer(document, pointer) === undefined) return true;
    // Registered when first asked (a suite asks only for the answers of operations that page).
    let lookup = lookups.get(document);
    if (!lookup) {
      // A field of a discriminated base as the union of its kinds, as the mock's copy reads it (mock-document.ts).
      const read = structuredClone(document);
      withBaseRefsAsKinds({ "#": read }, read);
      lookups.set(document, (lookup = new SchemaLookup(read)));
    }
    return lookup.valid(body, pointer);
  };
}

/** Whether a media's named examples give a value of one (an `externalValue` alone gives none to serve). */
function valuedExamples(document: Node, examples: unknown): boolean {
  return (
    isNode(examples) && Object.values(examples).some((raw) => givesExampleValue(followRef(document, raw, "").node))
  );
}

function key(path: string, method: string, status: string, type: string): string {
  return JSON.stringify([path, method.toLowerCase(), status, type]);
}

/** A local `$ref` followed (a few hops), with the pointer of where it leads. */
function followRef(document: Node, value: unknown, pointer: string): { node: unknown; pointer: string } {
  let node = value;
  let at = pointer;
  for (let hops = 0; hops < 8 && isNode(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
    at = node.$ref.slice(1);
    node = valueAtPointer(document, at);
  }
  return { node, pointer: at };
}

function valueAtPointer(document: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((n, k) => (isNode(n) ? n[k.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), document);
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
