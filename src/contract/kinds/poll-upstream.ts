// A loopback upstream for any poll trigger, made from its IR alone: the list
// operation's answers are built from the operation's outputs (the items where
// the items output reads them, the delta and next-page addresses where those
// outputs read them, each other value the document requires filled), and the
// items from the trigger (its eventId and outputs' fields, its growing field,
// its removal marker). So the contract cases (poll.ts) and the tests can run
// any poll trigger without knowing what it is. `fakeUpstream` keeps items the
// case adds, changes and removes, and answers as an upstream of the trigger's
// kind would: a list by `ids` (the first page), the items at or after the
// time the request asks for by `since`, rounds and delta links by `delta`.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OutputSource, PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import { nodeHttp } from "../../common/request-guard.js";

/** Sets `value` at `pointer` in `target`, making the objects on the way. */
export function setAt(target: Record<string, unknown>, pointer: readonly string[], value: unknown): void {
  let at = target;
  pointer.forEach((token, i) => {
    if (i === pointer.length - 1) at[token] = value;
    else at = (at[token] ??= {}) as Record<string, unknown>;
  });
}

/**
 * One item of the trigger: every field its eventId and outputs read holds a text made of `name`, then `fields` over
 * them.
 */
export function itemOf(
  trigger: PollTriggerSpec,
  name: string,
  fields: { pointer: readonly string[]; value: unknown }[] = [],
): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const pointer of [
    ...trigger.eventId,
    ...trigger.outputs.flatMap((o) => (o.source.from === "event" ? [o.source.pointer] : [])),
  ])
    setAt(item, pointer, `${name}-${pointer.join("-")}`);
  for (const m of trigger.match) setAt(item, m.pointer, m.equals);
  for (const f of fields) setAt(item, f.pointer, f.value);
  return item;
}

/** The id the poller gives an item (its eventId fields joined), to compare runs with. */
export function idOf(trigger: PollTriggerSpec, item: Record<string, unknown>): string {
  return trigger.eventId
    .map((pointer) => String(pointer.reduce<unknown>((at, t) => (at as Record<string, unknown>)[t], item)))
    .join(":");
}

/**
 * A body of `tool`'s answer: `items` where the trigger's items output reads them, `texts` (by output path) where those
 * read them, every required value filled.
 */
export function answerBody(
  tool: ToolSpec,
  trigger: PollTriggerSpec,
  items: unknown[],
  texts: Record<string, string | undefined>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const more = tool.pagination?.more;
  const next = nextRef(tool);
  for (const output of tool.outputs) {
    const pointer = bodyPlaceOf(output.source);
    if (!pointer || "value" in output.source) continue;
    if (output.path === trigger.items) setAt(body, pointer, items);
    else if (output.path in texts) {
      const text = texts[output.path];
      if (text !== undefined) setAt(body, pointer, text);
    } else if (output.source.required && !output.source.count) {
      const last = next?.kind === "body" && JSON.stringify(next.pointer) === JSON.stringify(pointer);
      if (last) continue;
      // A page test (`done` equals false): this page is the last unless a next-page address is given.
      const isMore = more?.ref.kind === "body" && JSON.stringify(more.ref.pointer) === JSON.stringify(pointer);
      const hasNext = Object.entries(texts).some(([path, text]) => text !== undefined && isNextOutput(tool, path));
      const value = isMore
        ? hasNext
          ? more.equals
          : typeof more.equals === "boolean"
            ? !more.equals
            : null
        : output.type === "number"
          ? items.length
          : output.type === "boolean"
            ? true
            : output.type === "string"
              ? "zq"
              : {};
      setAt(body, pointer, value);
    }
  }
  return body;
}

/**
 * Where in the body an answer made for an output puts its value: its one body place or, of a first-of's (a bare list
 * or a page object holding it), the first inside the body, since the answers made are objects (the page object, with
 * its paging); undefined for a constant or an output read elsewhere.
 */
export function bodyPlaceOf(source: OutputSource): string[] | undefined {
  if ("value" in source) return undefined;
  if (!("first" in source)) return source.ref.kind === "body" ? source.ref.pointer : undefined;
  const pointers = source.first.flatMap((p) => (p.ref.kind === "body" ? [p.ref.pointer] : []));
  return pointers.find((p) => p.length > 0) ?? pointers[0];
}

/** Where the pagination reads the next page: its address, or the cursor sent for it (absent on the last page). */
function nextRef(tool: ToolSpec) {
  const next = tool.pagination?.next;
  return next?.style === "nextUrl" ? next.url.ref : next?.style === "cursor" ? next.cursor.ref : undefined;
}

/** Whether output `path` reads where the pagination finds the next page's address. */
function isNextOutput(tool: ToolSpec, path: string): boolean {
  const output = tool.outputs.find((o) => o.path === path);
  const next = tool.pagination?.next.style === "nextUrl" ? tool.pagination.next.url.ref : undefined;
  const pointer = output && bodyPlaceOf(output.source);
  return !!pointer && next?.kind === "body" && JSON.stringify(next.pointer) === JSON.stringify(pointer);
}

/**
 * A loopback upstream answering every request with `answer` (its decoded address, query included); every address asked,
 * in order.
 */
export async function loopbackUpstream(answer: (url: URL, base: string) => Record<string, unknown>) {
  const seen: string[] = [];
  // Loaded as a case runs: an ESM import of node:http builds its namespace from every export, whose WebSocket getters
  // load undici (0.035 s of CPU in the command's own thread, which derives the cases and runs none).
  const { createServer } = nodeHttp();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", base);
    seen.push(decodeURIComponent(`${url.pathname}${url.search}`.replaceAll("+", " ")));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(url, base)));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** An upstream of one poll trigger that a case drives. */
export interface FakeUpstream {
  base: string;
  /** Every address asked, decoded, in order. */
  seen: string[];
  /** Adds an item (by `since`: its growing field at `atMs`, or now); its id as the poller makes it. */
  add(name: string, atMs?: number): string;
  /** Changes an item (a delta round then answers it again), or removes it. */
  change(id: string, removed?: boolean): void;
  close(): Promise<void>;
}

export async function fakeUpstream(trigger: PollTriggerSpec, tool: ToolSpec): Promise<FakeUpstream> {
  const spec = trigger.position;
  const items = new Map<string, Record<string, unknown>>();
  // Every change since the start, in order: a delta token is how many a client has seen.
  const changes: Record<string, unknown>[] = [];
  const grownTo = (item: Record<string, unknown>) =>
    spec.kind === "since" ? comparableAt(item, spec.pointer, spec.type) : 0;
  const server = await loopbackUpstream((url, base) => {
    // As an upstream paging by number or offset does: what the first page listed is all there is, later ones empty.
    if (spec.kind !== "delta" && laterPage(tool, url)) return answerBody(tool, trigger, [], {});
    if (spec.kind === "ids") {
      const all = [...items.values()];
      return answerBody(tool, trigger, spec.order === "newestFirst" ? all.reverse() : all, {});
    }
    if (spec.kind === "since") {
      // As an upstream filters: at or after the time the request carries (to the second), oldest first; by a number,
      // every item.
      const asked =
        spec.type === "date-time"
          ? decodeURIComponent(url.search.replaceAll("+", " ")).match(
              /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/,
            )?.[0]
          : undefined;
      const since = asked ? Date.parse(asked) : Number.NEGATIVE_INFINITY;
      return answerBody(
        tool,
        trigger,
        [...items.values()].filter((i) => grownTo(i) >= since).sort((a, b) => grownTo(a) - grownTo(b)),
        {},
      );
    }
    const token = url.searchParams.get("zqtoken");
    const link = `${base}/zqdelta?zqtoken=${changes.length}`;
    if (token === null) {
      // The first round: every item, on two pages when the trigger reads a next page's address.
      const all = [...items.values()];
      if (url.searchParams.get("zqpage") === null && spec.next && all.length > 1)
        return answerBody(tool, trigger, all.slice(0, 1), {
          [spec.next]: `${base}/zqround?zqpage=2`,
          [spec.link]: undefined,
        });
      return answerBody(tool, trigger, url.searchParams.get("zqpage") === null ? all : all.slice(1), {
        [spec.link]: link,
      });
    }
    const since = new Map(changes.slice(Number(token)).map((c) => [idOf(trigger, c as Record<string, unknown>), c]));
    return answerBody(tool, trigger, [...since.values()], { [spec.link]: link });
  });
  return {
    ...server,
    add(name, atMs) {
      const item = itemOf(
        trigger,
        name,
        spec.kind === "since"
          ? [
              {
                pointer: spec.pointer,
                value: spec.type === "date-time" ? new Date(atMs ?? Date.now()).toISOString() : (atMs ?? Date.now()),
              },
            ]
          : [],
      );
      const id = idOf(trigger, item);
      items.set(id, item);
      changes.push(item);
      return id;
    },
    change(id, removed = false) {
      const item = structuredClone(items.get(id) ?? itemOf(trigger, "zqgone"));
      if (removed && spec.kind === "delta" && spec.removed) {
        setAt(item, spec.removed, {});
        items.delete(id);
      }
      changes.push(item);
    },
  };
}

/** Whether `url` asks for a page after the first of a list paged by a number or an offset sent in the query. */
function laterPage(tool: ToolSpec, url: URL): boolean {
  const next = tool.pagination?.next;
  if ((next?.style !== "page" && next?.style !== "offset") || next.send.in !== "query") return false;
  const asked = url.searchParams.get(next.send.name);
  return asked !== null && Number(asked) !== next.start;
}

function comparableAt(item: Record<string, unknown>, pointer: readonly string[], type: "date-time" | "number"): number {
  const value = pointer.reduce<unknown>((at, t) => (at as Record<string, unknown>)[t], item);
  return type === "number" ? Number(value) : Date.parse(String(value));
}
