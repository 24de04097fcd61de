// TypeScript types of an OpenAPI document, through openapi-typescript's own
// transform (in-process: its CLI costs a second of start-up per spec).
//
// openapiTS() would first serialise the document we already parsed, lint it
// (with the config it builds, the only rule that runs is "operationIds are
// unique", which the link step checks with positions) and bundle it (a no-op:
// loadOpenApi bundled it already when it spans several files). Calling the
// exported transform on a bundled document skips those two walks of the whole
// document, about a third of openapi-typescript's time per spec.
//
// The declarations go into the package's index.d.ts as one namespace rather
// than a file of their own: a package is one file fewer to create (creating a
// file costs far more than writing its bytes), and the namespace keeps
// openapi-typescript's generic names (paths, components, operations) out of
// the package's exports.
//
// Loaded on the first declarations asked for, not with the generator: the
// commands that link the specs without writing a package (mock, run, test and
// its workers, serve, verify…) never print a type, and the bundle (TypeScript
// with it) costs a process about 0.3 s of CPU to load.
import { createRequire } from "node:module";
import type { GlobalContext, OpenAPI3 } from "openapi-typescript";
import type * as TS from "typescript";
import { copiedWhereMapped, type DocumentTraits, documentTraits, isObjectEnum } from "./discriminated-copy.js";
import { withDeclaredMappings } from "./declared-mappings.js";
import { hoistedRefs } from "./hoisted-refs.js";
import { withNullableUnions } from "./null-type-unions.js";
import { withoutEagerCycles } from "./eager-cycles.js";
import { rewrittenTree } from "./rewritten-tree.js";
import { namespaceParts, type OperationsSink, type Transforms } from "./type-parts.js";
import { alone, printNamespaceOwn, Unprintable } from "./type-printer.js";

type OpenApiTypescript = typeof import("openapi-typescript") & { ts: typeof TS };
let bundle: OpenApiTypescript | undefined;
/**
 * openapi-typescript and the TypeScript it prints with, bundled into the build (vendor/openapi-typescript.cjs): the
 * published package depends on neither.
 */
function openapiTypescript(): OpenApiTypescript {
  bundle ??= createRequire(import.meta.url)("../../vendor/openapi-typescript.cjs") as OpenApiTypescript;
  return bundle;
}

/**
 * The transform's context wants a Redocly config, which only openapiTS()'s
 * lint and bundle steps read, never the transform (emit-types.test.ts holds
 * the output equal to openapiTS()'s): making one loaded the whole of
 * @redocly/openapi-core, about 300 modules. This stand-in throws on any read,
 * so that an openapi-typescript whose transform starts reading it fails the
 * tests instead of printing other types.
 */
const UNREAD_REDOC = new Proxy(
  {},
  {
    get: (_, key) => {
      throw new Error(
        `openapi-typescript's transform read its Redocly config (.${String(key)}), which emit-types.ts does not load`,
      );
    },
  },
) as GlobalContext["redoc"];

/** openapi-typescript's declarations of the document, printed inside `export declare namespace <name> { … }`. */
export async function emitOpenApiNamespace(document: unknown, name: string): Promise<string> {
  return [...openApiNamespaceParts(document, name)].join("");
}

/**
 * emitOpenApiNamespace's text in parts, made as they are taken (type-parts.ts): the tree of one path or one component
 * at a time, not the whole document's. The entry's index.d.ts takes them when its write reaches them, the last of a
 * package's large steps (generate-all.ts). A document the transform throws on (an object schema's scalar enum) is made
 * whole, as typeNodesOf makes it. `api`: openapi-typescript's transforms (a test's wrapped).
 */
export function* openApiNamespaceParts(
  document: unknown,
  name: string,
  api: Transforms = openapiTypescript(),
): Generator<string> {
  const traits = documentTraits(document);
  if (traits.objectEnums) {
    yield printNamespace(typeNodesOf(document, traits), name);
    return;
  }
  const schema = transformed(document, traits);
  const operations = operationsCollector();
  const fallbacks = {
    statement: (node: TS.Node) => alone(printNamespaceWithTypeScript([node], name), name),
    member: (node: TS.Node, depth: number) => memberWithTypeScript(node, depth, name),
  };
  const sink: OperationsSink = { node: operations.node, empty: () => operations.declaration([]) };
  operations.add = (member) => sink.add?.(member);
  yield* namespaceParts(api, schema, contextOf(schema, traits, operations.node), sink, name, fallbacks);
}

/**
 * A member of a list at `depth` (2: an interface of the namespace; 3: a type literal of one of its members), printed
 * by TypeScript's printer in a declaration holding it alone: its lines, indent included, as the whole print has them.
 */
function memberWithTypeScript(member: TS.Node, depth: number, name: string): string {
  const { factory } = openapiTypescript().ts;
  let members = [member as TS.TypeElement];
  for (let d = depth; d > 2; d--)
    members = [factory.createPropertySignature(undefined, "k", undefined, factory.createTypeLiteralNode(members))];
  const text = printNamespaceWithTypeScript(
    [factory.createInterfaceDeclaration(undefined, "W", undefined, undefined, members)],
    name,
  );
  const pad = (d: number) => " ".repeat(4 * d);
  let head = `export declare namespace ${name} {\n${pad(1)}interface W {\n`;
  let tail = `\n${pad(1)}}\n}\n`;
  for (let d = 2; d < depth; d++) {
    head += `${pad(d)}k: {\n`;
    tail = `\n${pad(d)}};${tail}`;
  }
  if (!text.startsWith(head) || !text.endsWith(tail) || text.length < head.length + tail.length)
    throw new Error(`TypeScript's printer printed a member alone otherwise: ${text.slice(0, 80)}`);
  return text.slice(head.length, -tail.length);
}

/**
 * Declarations printed inside an exported ambient namespace: by type-printer.ts, which prints the kinds of node the
 * transform makes as TypeScript's printer does at a fraction of its cost; a statement with a node it does not know (the
 * `WithRequired` helper the transform parses from text) by TypeScript's.
 */
export function printNamespace(nodes: TS.Node[], name: string): string {
  try {
    return printNamespaceOwn(openapiTypescript().ts, nodes, name, (node) => printNamespaceWithTypeScript([node], name));
  } catch (e) {
    if (!(e instanceof Unprintable)) throw e;
    return printNamespaceWithTypeScript(nodes, name);
  }
}

/** Declarations printed inside an exported ambient namespace by TypeScript's printer (astToString's). */
export function printNamespaceWithTypeScript(nodes: TS.Node[], name: string): string {
  const { ts, astToString } = openapiTypescript();
  const { factory } = ts;
  const modifiers = [
    factory.createModifier(ts.SyntaxKind.ExportKeyword),
    factory.createModifier(ts.SyntaxKind.DeclareKeyword),
  ];
  return astToString(
    factory.createModuleDeclaration(
      modifiers,
      factory.createIdentifier(name),
      factory.createModuleBlock(nodes as TS.Statement[]),
      ts.NodeFlags.Namespace,
    ),
  );
}

/**
 * The document as the transform is given it, rewrites and all (transformed): openapiTS() given this types it as the
 * emitter does (emit-types.test.ts holds every provider's document to that).
 */
export function transformInput(document: unknown): OpenAPI3 {
  return transformed(document, documentTraits(document));
}

/** The declarations openapiTS() would make of a bundled document. */
export async function openApiTypeNodes(document: unknown): Promise<TS.Node[]> {
  return typeNodesOf(document, documentTraits(document));
}

function typeNodesOf(document: unknown, traits: DocumentTraits): TS.Node[] {
  try {
    return typeNodes(document, traits);
  } catch (e) {
    // The transform reads an object schema's `enum` as a list of schemas (their union) and throws at a value that is
    // none ("Expected SchemaObject, received string": `type: object, enum: [PKW, VAN]`, which no value meets). Such
    // enums are left out of the types' copy: the object's type. Only then, so that no other document pays the walk.
    const plain = withoutObjectEnums(document);
    if (plain === document) throw e;
    return typeNodes(plain, documentTraits(plain));
  }
}

/** A copy of `node` without the `enum` of an object schema that lists a value no object is, or `node` itself. */
export function withoutObjectEnums(node: unknown): unknown {
  return rewrittenTree(node, (record) => {
    if (!isObjectEnum(record)) return record;
    const { enum: _left, ...rest } = record;
    return rest;
  });
}

/** The whole tree, as transformSchema makes it. */
function typeNodes(document: unknown, traits: DocumentTraits): TS.Node[] {
  const schema = transformed(document, traits);
  const operations = operationsCollector();
  const members: TS.TypeElement[] = [];
  operations.add = (member) => members.push(member);
  return openapiTypescript()
    .transformSchema(schema, contextOf(schema, traits, operations.node))
    .map((node) => (node === operations.node ? operations.declaration(members) : node));
}

/**
 * The document the transform is given: its own where the discriminator scan writes (the scan patches discriminator
 * enums into the schemas a discriminator maps, its only write: discriminated-copy.ts), the document's elsewhere; each
 * `$ref` the transform cannot type pointed at its target hoisted under `components.schemas` (hoisted-refs.ts); each
 * discriminator's members that declare their value mapped to it (declared-mappings.ts); a schema typed `null` beside
 * a union read as that union or null (null-type-unions.ts); a component's reference to itself at a union's or a list's
 * top, which TypeScript cannot resolve there, cut (eager-cycles.ts).
 */
function transformed(document: unknown, traits: DocumentTraits): OpenAPI3 {
  const hoisted = traits.deepRefs.size ? hoistedRefs(document, traits.deepRefs) : document;
  const typed = withoutEagerCycles(traits.nullTypedUnions ? withNullableUnions(hoisted) : hoisted);
  if (!traits.discriminated) return typed as OpenAPI3;
  const { resolveRef } = openapiTypescript();
  const resolve = (root: unknown, ref: string) => resolveRef(root as OpenAPI3, ref, { silent: true });
  return copiedWhereMapped(withDeclaredMappings(typed, resolve), traits.mapped, resolve) as OpenAPI3;
}

function contextOf(schema: OpenAPI3, traits: DocumentTraits, operations: TS.Node): GlobalContext {
  const { scanDiscriminators, resolveRef } = openapiTypescript();
  return {
    // openapiTS()'s defaults (openapi-typescript 7), with alphabetize off as before; emit-types.test.ts pins the output
    // to openapiTS()'s.
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    // A document without one gets what scanDiscriminators gives it, without its two walks (a path copied at every
    // object: a fifth of a millisecond a provider, 40 ms of GitHub's whole document).
    discriminators: traits.discriminated
      ? scanDiscriminators(schema, { silent: true })
      : { objects: {}, refsHandled: [] },
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [operations],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: UNREAD_REDOC,
    // Its warnings are said by the load, in our words and at their places (load/schemas/unnarrowed-kinds.ts).
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => resolveRef(schema, $ref, { silent: true }),
  };
}

/**
 * The `operations` interface, its members collected once. openapi-typescript
 * adds each operation to it by copying the interface's whole member list
 * into a new one (injectOperationObject: `members = createNodeArray([...members,
 * member])`), which grows as the square of the operations: 1 s of 20 for a
 * 2 MiB document of 2,400 operations, minutes for 45,000 in 36 MiB. Given this
 * stand-in (it finds it by name in `injectFooter`), each copy is of an empty
 * list and the member is kept here; the real interface is made once, the same
 * as openapiTS() makes it (emit-types.test.ts compares), or the `Record<string,
 * never>` alias it makes when no operation has an id.
 */
function operationsCollector(): {
  node: TS.InterfaceDeclaration;
  add: (member: TS.TypeElement) => void;
  declaration: (members: readonly TS.TypeElement[]) => TS.Statement;
} {
  const { ts, tsModifiers, tsRecord, STRING, NEVER } = openapiTypescript();
  const { factory } = ts;
  const node = factory.createInterfaceDeclaration(
    tsModifiers({ export: true }),
    factory.createIdentifier("operations"),
    undefined,
    undefined,
    [],
  );
  const empty = factory.createNodeArray<TS.TypeElement>([]);
  const collector = {
    node,
    add: (_member: TS.TypeElement) => {},
    declaration: (members: readonly TS.TypeElement[]) =>
      members.length
        ? factory.createInterfaceDeclaration(
            tsModifiers({ export: true }),
            factory.createIdentifier("operations"),
            undefined,
            undefined,
            members,
          )
        : factory.createTypeAliasDeclaration(
            tsModifiers({ export: true }),
            "operations",
            undefined,
            tsRecord(STRING, NEVER),
          ),
  };
  Object.defineProperty(node, "members", {
    get: () => empty,
    set: (added: readonly TS.TypeElement[]) => {
      for (const member of added) collector.add(member);
    },
  });
  return collector;
}
