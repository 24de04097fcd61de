// A request example of the document that breaks its own request schema as the request judge reads it: three object
// shapes of a `oneOf` that nothing tells apart are read as closed over their own fields (src/judge/open-one-of.ts),
// and the document's examples each held a field their shape does not list, or broke it deeper. By JSON Schema's
// letter each met the one open shape that takes anything, so the load's example check passed them, and the contract
// suite sent each as a case the judge refused. add leaves such an example out of the cut it writes (the suite and the
// mocks then use none), and says so, naming why. An example of a JSON body written as its JSON text (a string, `"{\r\n
// \"options\": {…}}"`, as some converters write every example: Xero's, PdfBroker's) is read as the value that text
// writes where that value meets the schema, not left out: the suite's example case sends what the publisher meant.
import { isMergePatchType } from "../../load/schemas/merge-patch.js";
import type { YamlSource } from "../../load/yaml-source.js";
import { readDelimitedPatterns } from "../../load/load-rewrites.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { followRefs } from "../../load/source-place.js";
import { bareMediaType, FORM_MEDIA_TYPE, isJsonMediaType } from "../../load/media-types.js";
import { schemaChecker } from "../../judge/schema-check.js";

type Json = Record<string, unknown>;
type Path = (string | number)[];

/** A request example left out: which, and why. */
export interface RefusedExample {
  place: string;
  why: string;
}

/** The request examples the cut left out, and those it read as the value their JSON text writes (places). */
export interface JudgedExamples {
  refused: RefusedExample[];
  readAsJson: string[];
}

/**
 * The cut without the request examples of the chosen operations that the request judge would refuse (changed in
 * place): each one left out, or read as the value it writes where it is a JSON body's JSON text.
 */
export function withoutRefusedRequestExamples(
  document: Json,
  chosen: readonly { path: string; method: string }[],
): JudgedExamples {
  const none: JudgedExamples = { refused: [], readAsJson: [] };
  const places = chosen.flatMap(({ path, method }) => examplesOf(document, path, method));
  if (!places.length) return none;
  // The document as generate reads it (patterns between slashes read without them), as the judge holds requests to it.
  const data = structuredClone(document);
  readDelimitedPatterns(data);
  const file = "openapi.yaml";
  const source: YamlSource = { file, data, text: "", locate: () => ({ file, line: 1, col: 1 }) };
  let checker: ReturnType<typeof schemaChecker>;
  try {
    checker = schemaChecker(new OpenApiDocument(source));
  } catch {
    return none;
  }
  const { refused, readAsJson } = none;
  for (const place of places) {
    const value = place.value(data);
    if (value === undefined) continue;
    const miss = checker.check(value, place.schemaAt, place.mergePatch);
    if (!miss) continue;
    const written = place.json ? jsonTextValue(value) : undefined;
    if (written !== undefined && !checker.check(written, place.schemaAt, place.mergePatch)) {
      place.set(document, written);
      readAsJson.push(place.name);
      continue;
    }
    place.drop(document);
    const why = miss.path.length
      ? brief(miss.message)
      : (shapesMissed(data, checker, value, place.schemaAt) ?? brief(miss.message));
    refused.push({ place: place.name, why });
  }
  return { refused, readAsJson };
}

/** The value a text of a JSON object or list writes (`"{\"a\": 1}"`); undefined for any other value or text. */
function jsonTextValue(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A judge's message without the value it quotes (the document's, as long as it is): the rule broken is what counts. */
function brief(message: string): string {
  return message.replace(/, got [\s\S]*$/, "");
}

/**
 * Of a union the example meets no shape of: what each of its first shapes finds wrong (a field it does not list, which
 * the judge reads as closed; else the rule broken); undefined for no union.
 */
function shapesMissed(
  data: unknown,
  checker: ReturnType<typeof schemaChecker>,
  value: unknown,
  schemaAt: Path,
): string | undefined {
  const union = valueAt(data, schemaAt) as Json | undefined;
  const key = Array.isArray(union?.oneOf) ? "oneOf" : Array.isArray(union?.anyOf) ? "anyOf" : undefined;
  if (!union || !key || !isNode(value)) return undefined;
  const branches = (union[key] as unknown[]).slice(0, 4);
  return branches
    .map((_, i) => {
      const at = followRefs(data, [...schemaAt, key, i, ""]).slice(0, -1);
      const branch = valueAt(data, at) as Json | undefined;
      // Its title, else the name of the component it is.
      const title = typeof branch?.title === "string" ? branch.title : at.at(-2) === "schemas" ? at.at(-1) : undefined;
      const own = checker.check(value, at);
      const listed = isNode(branch?.properties) ? Object.keys(branch.properties) : undefined;
      const unlisted = listed ? Object.keys(value).filter((f) => !listed.includes(f)) : [];
      const wrong = own
        ? brief(own.message)
        : unlisted.length
          ? `holds ${unlisted.join(", ")}, which it does not list`
          : "";
      return wrong ? `shape ${i + 1}${title === undefined ? "" : ` (${title})`}: ${wrong}` : "";
    })
    .filter(Boolean)
    .join("; ");
}

interface ExamplePlace {
  name: string;
  schemaAt: Path;
  /** A merge patch's example, held to its patch view (load/schemas/merge-patch.ts). */
  mergePatch: boolean;
  /** A JSON body's example (a form's is text by nature). */
  json: boolean;
  value: (data: unknown) => unknown;
  set: (data: unknown, value: unknown) => void;
  drop: (data: unknown) => void;
}

/** The examples of an operation's JSON or form request body: its media types' `example` and named `examples`. */
function examplesOf(document: Json, path: string, method: string): ExamplePlace[] {
  const bodyAt = followRefs(document, ["paths", path, method, "requestBody", ""]).slice(0, -1);
  const content = (valueAt(document, bodyAt) as Json | undefined)?.content;
  if (!isNode(content)) return [];
  const out: ExamplePlace[] = [];
  for (const [media, node] of Object.entries(content)) {
    const readable = isJsonMediaType(media) || bareMediaType(media) === FORM_MEDIA_TYPE;
    if (!isNode(node) || node.schema === undefined || !readable) continue;
    const mediaAt = [...bodyAt, "content", media];
    const schemaAt = followRefs(document, [...mediaAt, "schema", ""]).slice(0, -1);
    const mergePatch = isMergePatchType(media);
    const json = isJsonMediaType(media);
    const operation = `${method.toUpperCase()} ${path}`;
    // The body schema's own example, written in place (SendGrid's `["recipient_id1"]` for a list of integers): add
    // would draft it as the body parameter's, which generate then refuses.
    const own = node.schema as Json;
    if (isNode(own) && own.$ref === undefined && own.example !== undefined)
      out.push({
        name: `the request schema's example of ${operation}`,
        schemaAt,
        mergePatch,
        json,
        value: (data) => (valueAt(data, [...mediaAt, "schema"]) as Json | undefined)?.example,
        set: (data, value) => ((valueAt(data, [...mediaAt, "schema"]) as Json).example = value),
        drop: (data) => delete (valueAt(data, [...mediaAt, "schema"]) as Json).example,
      });
    if (node.example !== undefined)
      out.push({
        name: `the request example of ${operation}`,
        schemaAt,
        mergePatch,
        json,
        value: (data) => (valueAt(data, mediaAt) as Json | undefined)?.example,
        set: (data, value) => ((valueAt(data, mediaAt) as Json).example = value),
        drop: (data) => delete (valueAt(data, mediaAt) as Json).example,
      });
    if (!isNode(node.examples)) continue;
    for (const name of Object.keys(node.examples))
      out.push({
        name: `the request example ${JSON.stringify(name)} of ${operation}`,
        schemaAt,
        mergePatch,
        json,
        value: (data) => {
          const example = valueAt(data, followRefs(data, [...mediaAt, "examples", name, ""]).slice(0, -1));
          return isNode(example) ? example.value : undefined;
        },
        // Written in place of the reference, where the example is a component's: another operation's may refuse it.
        set: (data, value) => {
          const examples = (valueAt(data, mediaAt) as Json).examples as Json;
          const example = valueAt(data, followRefs(data, [...mediaAt, "examples", name, ""]).slice(0, -1)) as Json;
          const { $ref: _ref, ...own } = examples[name] as Json;
          examples[name] = { ...example, ...own, value };
        },
        drop: (data) => {
          const media = valueAt(data, mediaAt) as Json;
          const examples = media.examples as Json;
          delete examples[name];
          if (!Object.keys(examples).length) delete media.examples;
        },
      });
  }
  return out;
}

function valueAt(data: unknown, path: Path): unknown {
  let node = data;
  for (const key of path) node = isNode(node) || Array.isArray(node) ? (node as Json)[String(key)] : undefined;
  return node;
}

function isNode(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
