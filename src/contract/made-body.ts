// A request body made from an operation's JSON request schema, for the JSON
// parameters the spec gives no example of (values.ts): valid against the
// schema however many unions it nests, made with bounded work
// (mocks/schema-sample.ts), the same every time.
import type { OpenApiDocument, OpenApiOperation, Schema } from "../load/openapi-document.js";
import { DocumentSampler } from "../mocks/schema-sample.js";

const samplers = new WeakMap<OpenApiDocument, DocumentSampler>();

/** The document's sampler, made once (it registers every schema of the document). */
function samplerOf(doc: OpenApiDocument): DocumentSampler {
  let sampler = samplers.get(doc);
  if (!sampler) samplers.set(doc, (sampler = new DocumentSampler(doc.source.data as Record<string, unknown>)));
  return sampler;
}

/** Seeds of the bodies made: each may take other union branches (a parameter the manifest narrows to one of them). */
const SEEDS = [0, 1, 2, 3];

/** The bodies (every field each), none when the operation has no JSON request schema or no valid value was made within the bounds. */
export function madeRequestBodies(doc: OpenApiDocument, op: OpenApiOperation, raw: Schema | undefined, media: Schema | undefined): unknown[] {
  if (!raw || !media) return [];
  const key = Object.entries((doc.resolve(raw).content ?? {}) as Record<string, Schema>).find(([, m]) => m === media)?.[0];
  if (key === undefined) return [];
  const ref = typeof raw.$ref === "string" && raw.$ref.startsWith("#/") ? raw.$ref.slice(1) : undefined;
  const body = ref ?? `/${op.location.map((k) => escapeKey(String(k))).join("/")}/requestBody`;
  const sampler = samplerOf(doc);
  return SEEDS.flatMap((seed) => sampler.sample(`${body}/content/${escapeKey(key)}/schema`, { everyField: true, seed }) ?? []).map((made) => made.value);
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
