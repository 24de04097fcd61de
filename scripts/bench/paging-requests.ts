// `npm run bench -- paging`: the requests an all-pages call of each of this
// repository's list operations takes for PAGING_ITEMS items (issue 54, P1),
// against an upstream played from the tool's own pagination (where its list,
// cursor, next address, `more` and `total` are), which pages as asked: ours
// (no page size given: the largest the manifest allows) beside what the call
// took before, the upstream's default page (the manifest's default, else the
// upstream's documented one). Requests go to loopback (no rate limit is kept).
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { defined, type ToolSpec } from "@blockwright/runtime/internal";
import { bodyPlaceOf } from "../../src/contract/kinds/poll-upstream.js";

export const PAGING_ITEMS = 1000;

/** Per operation: the input besides the credential, and the upstream's default page where the manifest states none. */
const CASES: Record<string, { input: Record<string, unknown>; upstreamDefault?: number; why?: string }> = {
  books_search_volumes: { input: { q: "dune" } },
  // Salesforce's default batch is 2,000 records; the manifest declares no batch size (a header, Sforce-Query-Options).
  crm_query: {
    input: { instanceUrl: "https://acme.my.salesforce.com", query: "SELECT Id FROM Account" },
    upstreamDefault: 2000,
    why: "Salesforce's default batch",
  },
  directory_list_users: { input: {}, upstreamDefault: 100, why: "Graph's documented default page" },
  directory_list_groups: { input: {}, upstreamDefault: 100, why: "Graph's documented default page" },
  // A round of changes: no page size to ask for; Graph answers 200 users a page (its Q&A's word, not its reference's).
  directory_users_delta: { input: {}, upstreamDefault: 200, why: "Graph's page of a users delta (Q&A)" },
  // Not documented; issue 54's sweep measured 2.5× the minimum requests at 1,000 items (50 of 20).
  docgen_list_themes: { input: {}, upstreamDefault: 20, why: "the sweep's measure (undocumented)" },
  docgen_list_folders: { input: {}, upstreamDefault: 20, why: "the sweep's measure (undocumented)" },
  persondata_person_search: { input: { sql: "SELECT * FROM person WHERE job_company_name='zq'" } },
};

export interface PagingRow {
  id: string;
  /** Requests with no page size given (the largest the manifest allows). */
  ours: number;
  /** Requests at the upstream's default page (what a call took before). */
  before: number;
  /** That default page, and where it comes from. */
  defaultPage: number;
  source: string;
}

type Json = Record<string, unknown>;

/** Every paged operation of the repository's providers, measured. */
export async function pagingRequests(root: string, providers: string[]): Promise<PagingRow[]> {
  const rows: PagingRow[] = [];
  for (const provider of providers) {
    const pkg = (await import(pathToFileURL(join(root, "generated", provider, "index.js")).href)) as {
      provider: { tools: Record<string, ToolSpec> };
    };
    for (const tool of Object.values(pkg.provider.tools)) {
      if (!tool.pagination) continue;
      const known = CASES[tool.id];
      if (!known) throw new Error(`paging bench: no input for ${tool.id} (scripts/bench/paging-requests.ts CASES)`);
      const size = tool.pagination.pageSize ? tool.params.find((p) => p.name === tool.pagination?.pageSize) : undefined;
      const defaultPage = typeof size?.default === "number" ? size.default : known.upstreamDefault;
      if (defaultPage === undefined) throw new Error(`paging bench: no default page for ${tool.id}`);
      const source = typeof size?.default === "number" ? "the manifest's default" : (known.why ?? "");
      const input = { [tool.auth.param]: "bench-paging-key-0001", ...known.input };
      const ours = await requests(tool, input, defaultPage);
      // Before: no size sent but the manifest's default, which the upstream's default stands for.
      const before = await requests(tool, size ? { ...input, [size.name]: defaultPage } : input, defaultPage);
      rows.push({ id: tool.id, ours, before, defaultPage, source });
    }
  }
  return rows;
}

/**
 * The requests an all-pages call of PAGING_ITEMS items takes, the upstream's page `defaultPage` when none is asked for.
 */
export async function requests(tool: ToolSpec, input: Json, defaultPage: number): Promise<number> {
  const { executeToolDefinition } = await import("@blockwright/runtime");
  let sent = 0;
  const fetch = async (request: Request): Promise<Response> => {
    sent++;
    return answer(tool, request, request.method === "GET" ? undefined : ((await request.json()) as Json), defaultPage);
  };
  const result = await executeToolDefinition(tool, input, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    allPages: true,
    maxPages: PAGING_ITEMS + 1,
    retries: 0,
  });
  const count = result.success ? result.pages?.items : undefined;
  if (count !== PAGING_ITEMS)
    throw new Error(
      `paging bench: ${tool.id} gathered ` +
        `${count ?? JSON.stringify(result.success ? result.pages : result.error)}, not ${PAGING_ITEMS}`,
    );
  return sent;
}

/** The upstream's answer: the page the request asks for (where it starts, how many), shaped as the tool reads it. */
function answer(tool: ToolSpec, request: Request, body: Json | undefined, defaultPage: number): Response {
  const pagination = defined(tool.pagination, `${tool.id}'s pagination`);
  const url = new URL(request.url);
  const read = (target: { in: string; name?: string; pointer?: string }): unknown =>
    target.in === "body"
      ? at(body, (target.pointer ?? "").split("/").slice(1))
      : target.in === "header"
        ? request.headers.get(target.name ?? "")
        : url.searchParams.get(target.name ?? "");
  const param = pagination.pageSize ? tool.params.find((p) => p.name === pagination.pageSize) : undefined;
  const wire = param?.wire as { in: string; name?: string; pointer?: string } | undefined;
  const asked = wire ? read({ in: wire.in, name: wire.name ?? param?.name, pointer: wire.pointer }) : undefined;
  const size = asked === null || asked === undefined ? defaultPage : Number(asked);
  const next = pagination.next;
  let from = Number(url.searchParams.get("zqfrom") ?? 0);
  if (next.style === "cursor") from = Number(String(read(next.send) ?? "zq0").slice(2));
  if (next.style === "offset") from = Number(read(next.send) ?? next.start);
  if (next.style === "page") from = (Number(read(next.send) ?? next.start) - next.start) * size;
  const count = Math.max(0, Math.min(size, PAGING_ITEMS - from));
  const more = from + count < PAGING_ITEMS;
  const reply: Json = {};
  const items = pagination.items[0];
  const list = tool.outputs.find((o) => o.path === items);
  // Of a first-of's places (a bare list or a page object holding it), the page object's: it carries the paging.
  const listPointer = (list && bodyPlaceOf(list.source)) ?? [];
  put(
    reply,
    listPointer,
    Array.from({ length: count }, (_, i) => ({ id: `zq${from + i + 1}` })),
  );
  const following = new URL(url);
  following.searchParams.set("zqfrom", String(from + count));
  if (next.style === "cursor" && next.cursor.ref.kind === "body" && !next.cursor.ref.pointer.includes("-1"))
    put(reply, next.cursor.ref.pointer, more ? `zq${from + count}` : null);
  if (next.style === "nextUrl" && next.url.ref.kind === "body" && more)
    put(reply, next.url.ref.pointer, following.toString());
  if (pagination.more?.ref.kind === "body")
    put(
      reply,
      pagination.more.ref.pointer,
      more ? pagination.more.equals : typeof pagination.more.equals === "boolean" ? !pagination.more.equals : null,
    );
  if (pagination.total?.ref.kind === "body") put(reply, pagination.total.ref.pointer, PAGING_ITEMS);
  // Every other output the tool requires, present. An optional one stays out: it may be read where the next page's
  // address is (a round of changes' `nextLink` output beside its `deltaLink`), which the last page must not give.
  for (const o of tool.outputs) {
    const pointer = bodyPlaceOf(o.source);
    if (o.optional || !pointer || at(reply, pointer) !== undefined) continue;
    put(reply, pointer, o.type === "number" ? 0 : o.type === "boolean" ? false : o.type === "array" ? [] : "zq");
  }
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (next.style === "linkHeader" && more) headers.link = `<${following}>; rel="next"`;
  return new Response(JSON.stringify(reply), { status: 200, headers });
}

function at(value: unknown, pointer: readonly string[]): unknown {
  let here = value;
  for (const key of pointer) here = here && typeof here === "object" ? (here as Json)[key] : undefined;
  return here;
}

function put(target: Json, pointer: readonly string[], value: unknown): void {
  let here = target;
  for (const key of pointer.slice(0, -1)) here = (here[key] ??= {}) as Json;
  const last = pointer[pointer.length - 1];
  if (last !== undefined) here[last] = value;
}

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  providers: string[];
  row: (
    measure: string,
    ours: number[],
    anchor: number[],
    unit: string,
    target: string,
    reproduce: string[],
    digits?: number,
  ) => void;
}

/**
 * The bench's rows: one per paged operation, its requests with no page size given against the upstream's default page.
 */
export async function measurePaging({ root, providers, row }: Bench): Promise<void> {
  for (const r of await pagingRequests(root, providers)) {
    row(
      `all pages of ${PAGING_ITEMS} items, ${r.id} (requests)`,
      [r.ours],
      [r.before],
      "requests",
      "≤ 1×",
      [`npm run bench -- paging  (no page size given, vs ${r.defaultPage} a page: ${r.source})`],
      0,
    );
  }
}
