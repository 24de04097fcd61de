// One poll's call of a poll trigger's list operation: the trigger's inputs
// (templates filled by the poller) and the connection inputs the trigger block
// carries (resolved from the environment as any block's, placeholders on
// mocks), sent through the runtime with every part of its support. A poll
// by ids of a list newest first reads its pages back to an item seen before,
// one listed oldest first every page (its newest are last) up to a limit;
// a delta poll every page up to a limit, then
// goes on at the next page's address; a `since` poll every page, a part of
// that many at a time (the upstream may list newest first: the oldest new
// items may be on the last pages).
// A delta poll starts at the address the upstream gave to come back with:
// the runtime builds the operation's first request (its credential, its
// headers) and this sends it at that address instead, on the same origin
// only, so that nothing of the call path of any package changes for it. On a
// mock, an address on the operation's real host is sent to the mock instead.
import {
  executeToolDefinition,
  type FetchLike,
  paginateToolDefinition,
  redact,
  type ToolError,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import {
  envReferenceName,
  readPath,
  type Registry,
  resolveInputs,
  type TriggerBlock,
} from "@blockwright/runtime/workflow";
import type { PollTriggerSpec, ToolResult } from "@blockwright/runtime/internal";
import { itemIds, type Polled } from "./poll-position.js";
import { toolErrorText } from "./tool-error-text.js";

/** Pages one poll reads at most (a round longer than this goes on at the next poll, where the trigger declares how). */
export const POLL_MAX_PAGES = 100;

/** What a poll's call gave: the items and addresses, and the requests it took; or why it failed. */
export type PollAnswer =
  // `more`: the round's next part, where a poll by `since` was cut short by the page limit.
  | { ok: true; polled: Polled; requests: number; more?: () => Promise<PollAnswer> }
  | { ok: false; message: string; retryable: boolean; requests: number; retryAfterMs?: number; elsewhere?: true };

/**
 * Calls the list operation with the poll's inputs; `at`: the address to send the first request to (a delta link);
 * `signal`: ends it; `seen`: a poll by ids newest first, the ids earlier polls saw, read back to on a paged list.
 */
export type PollCall = (
  inputs: Record<string, unknown>,
  at?: string,
  signal?: AbortSignal,
  seen?: ReadonlySet<string>,
) => Promise<PollAnswer>;

export interface PollCallOptions {
  registry: Registry;
  trigger: PollTriggerSpec;
  /** The workflow's trigger block: its connection inputs. */
  block: TriggerBlock;
  env: Record<string, string | undefined>;
  /** The provider's mock (and token endpoint) in mock mode, or the address `--base-url` gives it. */
  baseUrl?: string;
  tokenUrl?: string;
  /** More hosts the credential may go to (`--allow-host`). */
  allowHosts?: readonly string[];
  fetch?: FetchLike;
}

export function pollCall(o: PollCallOptions): PollCall & { secrets: string[]; tool: ToolSpec } {
  const tool = Object.hasOwn(o.registry.tools, o.trigger.operation)
    ? (o.registry.tools[o.trigger.operation] as ToolSpec)
    : undefined;
  if (!tool) throw new Error(`${o.trigger.id}: no operation ${o.trigger.operation} in the generated packages`);
  const connection = Object.fromEntries(
    Object.entries(o.block.inputs).filter(([name]) => tool.params.some((p) => p.name === name)),
  );
  // Every value the connection takes from the environment is kept out of what is printed.
  const secrets = Object.values(connection)
    .flatMap((v) => o.env[envReferenceName(v) ?? ""] ?? [])
    .filter((v) => v.length > 0);
  const fixed = resolveInputs(
    tool,
    { type: o.block.type, name: o.block.name, inputs: { operation: tool.id, ...connection } },
    new Map(),
    o.env,
  );
  const call: PollCall = async (inputs, given, signal, seen) => {
    const own =
      o.baseUrl ??
      (tool.server.param && typeof fixed[tool.server.param] === "string"
        ? String(fixed[tool.server.param])
        : tool.server.default);
    // On a mock, an address on the operation's own host (the document's examples give the real one) is the mock's.
    const at =
      given && o.baseUrl && tool.server.default && sameOrigin(given, tool.server.default)
        ? onOrigin(given, o.baseUrl)
        : given;
    if (at && (!own || !sameOrigin(at, own)))
      return {
        ok: false,
        message:
          `the address to come back at is not on ${tool.id}'s origin (${own ? new URL(own).origin : "unknown"}` +
          `): it is not followed`,
        retryable: false,
        requests: 0,
        elsewhere: true,
      };
    const sent: string[] = [];
    const base = o.fetch ?? (globalThis.fetch as FetchLike);
    const counted: FetchLike = (request) => {
      sent.push(request.url);
      return base(request);
    };
    const fetch = at ? resumedAt(at, counted) : counted;
    const options = {
      secrets,
      fetch,
      ...(signal ? { signal } : {}),
      ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}),
      ...(o.allowHosts?.length ? { allowHosts: o.allowHosts } : {}),
      ...(tool.oauth && o.tokenUrl ? { tokenUrl: o.tokenUrl } : {}),
    };
    // A poll by `since` reads its pages a part at a time: a part cut short goes on where it stopped.
    if (o.trigger.position.kind === "since" && tool.pagination)
      return sinceParts(o.trigger, allPages(tool, { ...fixed, ...inputs }, options), secrets, sent, tool);
    const spec = o.trigger.position;
    // A poll by ids, newest first, on a paged list: its pages back to an item seen before (more may have come since
    // the last poll than one page holds).
    if (spec.kind === "ids" && spec.order === "newestFirst" && tool.pagination && seen?.size)
      return idsPages(o.trigger, allPages(tool, { ...fixed, ...inputs }, options), seen, secrets, sent, tool);
    // A poll by ids newest first reads one page here (an unpaged list, or the first poll, which only primes the ids
    // seen); the others read every page the operation declares: a list oldest first has its newest items last.
    const onePage = !tool.pagination || (spec.kind === "ids" && spec.order === "newestFirst");
    const result = await executeToolDefinition(
      tool,
      { ...fixed, ...inputs },
      { ...options, ...(onePage ? {} : { allPages: true, maxPages: POLL_MAX_PAGES }) },
    );
    const requests = Math.max(1, sent.length);
    if (!result.success) return failedPoll(tool, result.error, secrets, requests);
    const output = result.output as Record<string, unknown>;
    const items = readPath(output, o.trigger.items.split("."));
    if (!Array.isArray(items)) return withoutList(tool, o.trigger.items, requests);
    const link = spec.kind === "delta" ? addressAt(output, spec.link) : undefined;
    const next = spec.kind === "delta" ? addressAt(output, spec.next) : undefined;
    // Cut short only by the round's page limit: pages a reply said remain but gave no way to (not complete for a
    // caller) are none a next round could reach from here either.
    const complete = result.pages ? result.pages.complete || result.pages.count < POLL_MAX_PAGES : true;
    // Every page of a list by ids read: nothing is past them.
    const reachedEnd = spec.kind === "ids" && !onePage && complete;
    const polled = { items, complete, ...(link ? { link } : {}), ...(next ? { next } : {}) };
    return { ok: true, polled: { ...polled, ...(reachedEnd ? { reachedEnd } : {}) }, requests };
  };
  return Object.assign(call, { secrets, tool });
}

/** The address an output holds at `path` (a delta link, a next page's), trimmed; undefined when none. */
function addressAt(output: Record<string, unknown>, path: string | undefined): string | undefined {
  const value = path ? readPath(output, path.split(".")) : undefined;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Every page of the list, one at a time: not the pages' own limit, the parts (sinceParts) are the limit. */
function allPages(
  tool: ToolSpec,
  params: Record<string, unknown>,
  options: Parameters<typeof paginateToolDefinition>[2],
) {
  return paginateToolDefinition(tool, params, { ...options, maxPages: Number.MAX_SAFE_INTEGER });
}

/**
 * The next part (up to the page limit) of a round's pages: its items, and the part after it while pages may remain.
 * The upstream may list newest first, so the pages not read yet may hold the oldest new items: they are read, not left.
 */
async function sinceParts(
  trigger: PollTriggerSpec,
  pages: AsyncGenerator<ToolResult>,
  secrets: string[],
  sent: string[],
  tool: ToolSpec,
): Promise<PollAnswer> {
  sent.length = 0;
  const items: unknown[] = [];
  for (let page = 0; page < POLL_MAX_PAGES; page++) {
    const step = await pages.next();
    if (step.done) return { ok: true, polled: { items, complete: true }, requests: sent.length };
    if (!step.value.success) return failedPoll(tool, step.value.error, secrets, Math.max(1, sent.length));
    const list = readPath(step.value.output as Record<string, unknown>, trigger.items.split("."));
    if (!Array.isArray(list)) return withoutList(tool, trigger.items, sent.length);
    items.push(...list);
  }
  const more = () => sinceParts(trigger, pages, secrets, sent, tool);
  return { ok: true, polled: { items, complete: false }, requests: sent.length, more };
}

/**
 * A poll by ids on a paged list, newest first: its pages up to the first holding an item seen before, the list's end
 * (nothing past it: `reachedEnd`) or the page limit.
 */
async function idsPages(
  trigger: PollTriggerSpec,
  pages: AsyncGenerator<ToolResult>,
  seen: ReadonlySet<string>,
  secrets: string[],
  sent: string[],
  tool: ToolSpec,
): Promise<PollAnswer> {
  const items: unknown[] = [];
  for (let page = 0; page < POLL_MAX_PAGES; page++) {
    const step = await pages.next();
    if (step.done) return { ok: true, polled: { items, complete: true, reachedEnd: true }, requests: sent.length };
    if (!step.value.success) return failedPoll(tool, step.value.error, secrets, Math.max(1, sent.length));
    const list = readPath(step.value.output as Record<string, unknown>, trigger.items.split("."));
    if (!Array.isArray(list)) return withoutList(tool, trigger.items, sent.length);
    items.push(...list);
    if (itemIds(trigger, list).some((id) => seen.has(id))) break;
  }
  await pages.return(undefined);
  return { ok: true, polled: { items, complete: true }, requests: sent.length };
}

/** A reply without the trigger's list where it reads one: not retried (the answer's shape, not a moment's). */
function withoutList(tool: ToolSpec, items: string, requests: number): PollAnswer {
  return { ok: false, message: `${tool.id} answered without a list at ${items}`, retryable: false, requests };
}

/** A call that failed, named by its operation, the upstream's status and code (secrets withheld). */
function failedPoll(tool: ToolSpec, error: ToolError, secrets: string[], requests: number): PollAnswer {
  return {
    ok: false,
    message: `${tool.id}: ${redact(toolErrorText(error), secrets)}`,
    retryable: error.retryable === true,
    requests,
    // The upstream's own wait (Retry-After, a quota's reset): the next poll waits at least that long.
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}

/**
 * A fetch that sends the operation's first request at `address`: the first request to the address's
 * origin (a token endpoint's is elsewhere), and its retries, which repeat its URL. A first request to
 * another origin is refused before it is sent: the address and the operation must share one, so that
 * the credential never goes where the operation does not.
 */
function resumedAt(address: string, fetch: FetchLike): FetchLike {
  const target = new URL(address);
  let first: string | undefined;
  return (request) => {
    const url = request.url;
    if (first === undefined && new URL(url).origin === target.origin) first = url;
    // The same method, headers (the credential) and body, at the address.
    return fetch(url === first ? new Request(address, request) : request);
  };
}

/** `address` with the origin of `base`. */
function onOrigin(address: string, base: string): string {
  const url = new URL(address);
  return `${new URL(base).origin}${url.pathname}${url.search}`;
}

/** Whether two addresses share an origin. */
function sameOrigin(address: string, operationUrl: string): boolean {
  try {
    return new URL(address).origin === new URL(operationUrl).origin;
  } catch {
    return false;
  }
}
