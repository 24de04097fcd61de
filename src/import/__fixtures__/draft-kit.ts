// For the drafter's tests: small OpenAPI documents of the tests' own, drafted
// as `blockwright add` drafts them, and the problems generate finds in the
// result (written to a folder of its own, as add writes it).
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generationProblems } from "../../../test-support/generation-problems.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "@blockwright/runtime";
import { collectPages, fullSupport, type ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { type Judgement, requestJudge, type SentRequest } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { draftProvider, type ProviderDraft } from "../draft-provider.js";
import { selectOperations } from "../cut/select-operations.js";

export // biome-ignore lint/suspicious/noExplicitAny: fixture documents are read field by field without types
type Json = Record<string, any>;

/** An OpenAPI 3.0 document with these paths and components (and any top-level keys in `extra`). */
export function openapi(paths: Json, components: Json = {}, extra: Json = {}): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Acme API", version: "1", description: "Acme keeps orders. It has other features too." },
    servers: [{ url: "https://api.acme.test" }],
    ...extra,
    paths,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } }, ...components },
    ...(extra.security === undefined ? { security: [{ bearer: [] }] } : {}),
  };
}

/** A required JSON request body of this schema. */
export function jsonBody(schema: Json): Json {
  return { required: true, content: { "application/json": { schema } } };
}

/** A JSON reply with this schema (and example, when given). */
export function reply(schema: Json, example?: unknown, headers?: Json): Json {
  return {
    description: "The reply.",
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema, ...(example !== undefined ? { example } : {}) } },
  };
}

export function drafted(
  document: Json,
  names: string[],
  provider = "acme",
): ProviderDraft & { manifest: Manifest; published: Json } {
  // As add pins it: the document as published, before the draft reads it (one changed in place by the drafter must not
  // vouch for the examples of the draft).
  const published = structuredClone(document);
  const d = draftProvider({
    provider,
    document,
    chosen: selectOperations(document, names),
    source: {
      origin: "acme.json",
      sha256: "0".repeat(64),
      kind: { format: "openapi", version: String(document.openapi) },
    },
    folder: `specs/${provider}`,
    today: "2026-01-02",
  });
  return { ...d, manifest: d.draft.manifest, published };
}

/** The notes about one place of the manifest (a path joined with dots). */
export function notesAt(d: ProviderDraft, at: string): string[] {
  return d.notes.filter((n) => n.at.join(".") === at).map((n) => n.note);
}

/**
 * Where linked drafts are written: made by the first write (a file that writes none leaves nothing), removed by each
 * test file that writes (afterAll).
 */
// In the run's folder, which the run removes: a file that links drafts and does not remove this left it behind.
const work = join(runScratch(), `blockwright-draft-${randomUUID()}`);
let counter = 0;

/**
 * What `blockwright generate` says about the drafted provider (none: it generates), by the function the command runs
 * over the draft as add writes it: the link step alone misses what generate's later steps refuse (an emitter's walk
 * too deep, BW1002), and linkedTools' folder, written without the pin, refused the examples this one accepted.
 */
export async function linkProblems(d: ProviderDraft, provider = "acme"): Promise<string[]> {
  return generationProblems(writtenDraft(d, provider).root);
}

/** The draft written as add writes it, in a project of its own: its manifest, its cut document, its pin. */
export function writtenDraft(d: ProviderDraft, provider: string): { root: string; dir: string } {
  const root = join(work, String(counter++));
  const dir = join(root, "specs", provider);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  pinPublished(dir, d);
  return { root, dir };
}

/**
 * The published document pinned beside the draft, as `add` pins it (specs/<p>/upstream/): the examples it holds are
 * the upstream's, which generate leaves out with a warning where they break their schema.
 */
function pinPublished(dir: string, d: ProviderDraft & { published?: Json }): void {
  if (d.published === undefined) return;
  const text = JSON.stringify(d.published);
  mkdirSync(join(dir, "upstream"), { recursive: true });
  writeFileSync(join(dir, "upstream", "published.json"), text);
  const sha256 = createHash("sha256").update(text).digest("hex");
  writeFileSync(join(dir, "upstream", "source.yaml"), `file: published.json\nsha256: ${sha256}\n`);
}

/** The drafted provider's tools as generate links them. */
export async function linkedTools(d: ProviderDraft, provider = "acme"): Promise<ToolSpec[]> {
  const { root, dir } = writtenDraft(d, provider);
  return (await loadProvider(root, dir)).operations.map((o) => o.tool);
}

/**
 * The linked tool of one operation whose required JSON body holds `field` of `schema` (a JSON value's insides as the
 * link records them): `method` `path`, named `operationId`, drafted and linked as `provider`.
 */
export async function jsonBodyTool(
  route: { method: string; path: string; operationId: string },
  field: string,
  schema: Json,
  provider: string,
): Promise<ToolSpec> {
  const body = { type: "object", required: [field], properties: { [field]: schema } };
  const document = openapi({
    [route.path]: {
      [route.method]: {
        operationId: route.operationId,
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });
  const [tool] = await linkedTools(drafted(document, [route.operationId], provider), provider);
  return tool as ToolSpec;
}

/** The headers of the one request the draft's first tool sends, called with `params` (an API key by default). */
export async function sentHeaders(
  d: ProviderDraft,
  params: Record<string, unknown> = { apiKey: "zq-key-0000000001" },
): Promise<Headers> {
  const [tool] = await linkedTools(d);
  const { fetch, seen } = scriptedFetch(json(200, { count: 1 }));
  const result = await executeToolDefinition(tool as ToolSpec, params, { baseUrl: "http://127.0.0.1:9", fetch });
  if (!result.success || seen.length !== 1) throw new Error(`the call failed: ${JSON.stringify(result)}`);
  return (seen[0] as { headers: Headers }).headers;
}

/**
 * The draft's cut document as the suite reads it, and the rules by which the request judge refuses a JSON body POSTed
 * to `path` of it (the default server, the credential as a form would give it).
 */
export function judgedCut(
  d: ProviderDraft,
  path: string,
): { cut: OpenApiDocument; refusals: (body: unknown) => string[] } {
  const cut = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
  const judge = requestJudge(cut, { basePath: "", credential: "form" });
  const refusals = (body: unknown) =>
    judge({
      method: "POST",
      url: `https://api.acme.test${path}`,
      headers: new Headers({ "content-type": "application/json" }),
      body: new TextEncoder().encode(JSON.stringify(body)),
    }).refusals.map((r) => r.rule);
  return { cut, refusals };
}

/**
 * The request a call of the drafted `tool` with `input` sends (answered 200 with `{id}`, its outputs' kinds unchecked;
 * the call must succeed), and the request judge's reading of it against the draft's cut document (the credential as a
 * form gives it).
 */
export async function judgedCall(
  d: ProviderDraft,
  tool: ToolSpec,
  input: Record<string, unknown>,
): Promise<{ sent: SentRequest; judged: Judgement }> {
  let sent: SentRequest | undefined;
  const fetch = async (request: Request) => {
    sent = {
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: new Uint8Array(await request.arrayBuffer()),
    };
    return new Response(JSON.stringify({ id: "zq1" }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  // The answer is a stand-in for any tool: the request is what is judged, not the outputs' kinds.
  const result = await executeToolDefinition(tool, input, {
    baseUrl: "https://api.acme.test",
    fetch,
    validateOutputs: false,
  });
  if (!result.success || !sent) throw new Error(`the call failed: ${JSON.stringify(result)}`);
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
    credential: "form",
  });
  return { sent, judged: judge(sent) };
}

/** The structured error a drafted tool gives for a 400 answer of `body` (JSON), or undefined. */
export async function errorOf(d: ProviderDraft, body: unknown): Promise<Record<string, unknown> | undefined> {
  const [tool] = await linkedTools(d);
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    {
      baseUrl: "https://api.acme.test",
      retries: 0,
      fetch: async () =>
        new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } }),
    },
  );
  return result.success ? undefined : (result.error as unknown as Record<string, unknown>);
}

/** The message of the structured error a drafted tool gives for a 400 answer of `body` (JSON), or undefined. */
export async function errorMessageOf(d: ProviderDraft, body: unknown): Promise<unknown> {
  return (await errorOf(d, body))?.message;
}

export { work as draftWorkFolder };

/**
 * A drafted paged tool's pages collected (its bearer token given) over a fetch answering each request with the next
 * bare JSON list of items of these ids: the items collected, what each request sent as `param`, and what the pages
 * say (their count, whether they are complete).
 */
export async function pagedIds(
  tool: ToolSpec,
  pages: string[][],
  param: string,
  /** Each page's reply from its items: a bare list unless given (`{data: items, last_id}`). */
  page: (items: { id: string }[]) => unknown = (items) => items,
): Promise<{ items: unknown; sent: (string | null)[]; pages: unknown }> {
  const { fetch, seen } = scriptedFetch(...pages.map((ids) => json(200, page(ids.map((id) => ({ id }))))));
  const all = await collectPages(tool, { accessToken: "zq-token-0001" }, { ...fullSupport, fetch });
  return {
    items: all.success && all.output.data,
    sent: seen.map((s) => new URL(s.url).searchParams.get(param)),
    pages: all.success && all.pages,
  };
}

/**
 * A drafted tool called once with `params` (its bearer token given) on a fetch answering 200 with `answer`: "sent" or
 * the refusal's message, and how many requests left.
 */
export async function sentOrRefused(
  tool: ToolSpec,
  params: Record<string, unknown>,
  answer: unknown,
): Promise<{ message: string; sent: number }> {
  const { fetch, seen } = scriptedFetch(json(200, answer));
  const result = await executeToolDefinition(
    tool,
    { accessToken: "zq-token-0000000001", ...params },
    { baseUrl: "https://api.acme.test", retries: 0, fetch },
  );
  return { message: result.success ? "sent" : result.error.message, sent: seen.length };
}

/**
 * A POST of a required JSON body of `schemas`' `schemaName` (to `/<its name, lower case>`), drafted and linked as
 * `provider`: the published document, the draft, `send` (the tool called with `fixed` and the params: "sent" or the
 * refusal's message, and how many requests left) and `refused` (the request judge's messages for a body sent to it
 * with a bearer token, the credential as a form gives it).
 */
export async function bodySender(
  schemas: Json,
  schemaName: string,
  provider: string,
  fixed: Record<string, unknown> = {},
): Promise<{
  document: Json;
  d: ProviderDraft;
  send: (params: Record<string, unknown>) => Promise<{ message: string; sent: number }>;
  refused: (body: unknown) => string[];
}> {
  const path = `/${schemaName.toLowerCase()}`;
  const operationId = `send${schemaName}`;
  const document = openapi(
    {
      [path]: {
        post: {
          operationId,
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${schemaName}` } } },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    },
    { schemas },
  );
  const d = drafted(document, [operationId], provider);
  const [tool] = await linkedTools(d, provider);
  if (!tool) throw new Error("no tool drafted");
  const send = (params: Record<string, unknown>) => sentOrRefused(tool, { ...fixed, ...params }, { id: "zq1" });
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
    credential: "form",
  });
  const refused = (body: unknown) =>
    judge({
      method: "POST",
      url: `https://api.acme.test${path}`,
      headers: new Headers({ "content-type": "application/json", authorization: "Bearer zq-token-0000000001" }),
      body: new TextEncoder().encode(JSON.stringify(body)),
    }).refusals.map((r) => r.message);
  return { document, d, send, refused };
}
