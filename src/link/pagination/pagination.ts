// `pagination` of a list operation, by style — `cursor` (a value of the
// reply sent back), `nextUrl` (an address in the body), `linkHeader`
// (`rel="next"`), `offset`, `page` (a page number) — with the list outputs
// gathered (`items`), the optional `more` test, `until` (a stream caught up),
// `total` and `pages` (page numbers: the count of pages), and `pageSize`, the
// parameter giving a page's size; each checked against the operation's
// parameters, body and success response.
import type { PageTarget, PaginationSpec, ParamSpec, ValueRef, ValueTest } from "@blockwright/runtime/internal";
import { formatPointer, PAGE_INPUTS, parseExpression, parsePointer } from "@blockwright/runtime/internal/generate";
import type {
  ManifestOperation,
  ManifestPageEnd,
  ManifestPageTarget,
  ManifestValueTest,
} from "../../load/precompiled/manifest-types.js";
import { canonical } from "../../common/canonical-json.js";
import {
  declaredParameter,
  typedVariantsType,
  typeOf,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import { diffValue, type ToolEntry, type ValueChange } from "../../model/surface-entry.js";
import type { ToolSurface } from "../../model/surface-format.js";
import type { LinkContext, Path } from "../context.js";
import { nullableUnionType } from "../outputs/read-place.js";

/** allPages, maxItems and maxPages are block inputs of list operations: no parameter may take those names. */
export function checkPageInputNames(ctx: LinkContext): void {
  const m = ctx.manifest;
  if (!Object.values(m.operations).some((op) => op.pagination)) return;
  const reserved = new Set<string>(PAGE_INPUTS);
  const message = (name: string) =>
    `"${name}" is the name of a block input of list operations (${PAGE_INPUTS.join(", ")}); choose another name`;
  for (const name of Object.keys(m.params ?? {}))
    if (reserved.has(name)) ctx.fail("BW2020", ["params", name], message(name));
  for (const [id, op] of Object.entries(m.operations)) {
    for (const name of Object.keys(op.params ?? {}))
      if (reserved.has(name)) ctx.fail("BW2020", ["operations", id, "params", name], message(name));
  }
}

/** The operation's pagination, checked against its parameters, body and success response. */
export function linkPagination(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  params: ParamSpec[],
): PaginationSpec | undefined {
  const p = mop.pagination;
  if (!p) return undefined;
  const where: Path = [...at, "pagination"];
  if (mop.polling)
    return ctx.fail("BW2024", where, `an operation either polls a job or pages through a list, not both`);
  const response = ctx.doc.bodyResponse(op);
  const expression = replyReader(ctx, where, op, response);
  checkItems(ctx, where, p.items, mop);
  const more = p.more ? linkTest(ctx, p.more, [...where, "more"], expression) : undefined;
  const until = p.until ? linkUntil(ctx, p.until, [...where, "until"], p.style, expression) : undefined;
  const total = p.total ? countRead(ctx, where, expression, p.total, "total") : undefined;
  const pages = "pages" in p && p.pages ? countRead(ctx, where, expression, p.pages, "pages") : undefined;

  const next = linkNext(ctx, where, p, op, params, expression);
  if (!next) return undefined;
  const pageSize =
    "pageSize" in p && p.pageSize !== undefined
      ? linkPageSize(ctx, [...where, "pageSize"], p.pageSize, params)
      : undefined;
  return {
    next,
    ...(more ? { more } : {}),
    ...(until ? { until } : {}),
    ...(total ? { total: { expression: total.expression, ref: total.ref } } : {}),
    ...(pages ? { pages: { expression: pages.expression, ref: pages.ref } } : {}),
    items: [...p.items],
    ...(pageSize ? { pageSize } : {}),
  };
}

/** A count the reply gives (`total` items, `pages`): read from the body or a header, a number where typed. */
function countRead(ctx: LinkContext, where: Path, expression: ReplyRead, text: string, key: "total" | "pages") {
  const read = expression(text, [key], ["body", "header"]);
  if (read?.schema && !["number", "integer"].includes(typeOf(read.schema) ?? ""))
    ctx.fail(
      "BW2022",
      [...where, key],
      `"${text}" is ${typeOf(read.schema) ?? "untyped"} in ${ctx.openapiName}; ` +
        `a ${key === "total" ? "total" : "count of pages"} is a number`,
      "value",
    );
  return read;
}

/** An expression that reads a value of the reply; checked against the success response. */
type ReplyRead = (
  text: string,
  key: Path,
  kinds: string[],
) => { expression: string; ref: ValueRef; schema?: Schema } | undefined;

/**
 * Reads the pagination's expressions: each parsed, of a kind the place takes (the body, a header), and when it reads
 * the body, a field of the success response's schema.
 */
function replyReader(
  ctx: LinkContext,
  where: Path,
  op: OpenApiOperation,
  response: ReturnType<LinkContext["doc"]["bodyResponse"]>,
): ReplyRead {
  return (text, key, kinds) => {
    let ref: ValueRef;
    try {
      ref = parseExpression(text);
    } catch (e) {
      return ctx.fail("BW2016", [...where, ...key], (e as Error).message, "value");
    }
    if (!kinds.includes(ref.kind))
      return ctx.fail(
        "BW2016",
        [...where, ...key],
        `reads ${ref.kind === "param" ? "a parameter" : "the status"}; it must read the reply (` +
          `${kinds.map((k) => (k === "body" ? "$response.body#/…" : "$response.header.…")).join(" or ")})`,
        "value",
      );
    if (ref.kind !== "body") return { expression: text, ref };
    if (!response?.schema)
      return ctx.fail(
        "BW2021",
        [...where, ...key],
        `the success response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`,
        "value",
      );
    const schema = ctx.doc.schemaAt(response.schema, ref.pointer);
    if (!schema)
      return ctx.fail(
        "BW2003",
        [...where, ...key],
        `response field "${formatPointer(ref.pointer)}" not found in the success response of "` +
          `${op.operationId}" in ${ctx.openapiName}`,
        "value",
      );
    return { expression: text, ref, schema };
  };
}

/** Each of the items a page gathers: an array output of the operation. */
function checkItems(ctx: LinkContext, where: Path, items: readonly string[], mop: ManifestOperation): void {
  for (const [i, path] of items.entries()) {
    const output = mop.outputs[path];
    if (!output)
      ctx.fail(
        "BW2022",
        [...where, "items", i],
        `"${path}" is not an output of the operation (outputs: ${Object.keys(mop.outputs).join(", ")})`,
        "value",
      );
    else if (output.type !== "array")
      ctx.fail(
        "BW2022",
        [...where, "items", i],
        `"${path}" is a ${output.type} output; the items of a page are an array output`,
        "value",
      );
  }
}

/** How the next page is asked for, by style: the reply's cursor sent back, the offset or page sent, its address. */
function linkNext(
  ctx: LinkContext,
  where: Path,
  p: NonNullable<ManifestOperation["pagination"]>,
  op: OpenApiOperation,
  params: ParamSpec[],
  expression: ReplyRead,
): PaginationSpec["next"] | undefined {
  let next: PaginationSpec["next"] | undefined;
  switch (p.style) {
    case "cursor": {
      const cursor = expression(p.cursor, ["cursor"], ["body", "header"]);
      // An object (a record's key, DynamoDB's LastEvaluatedKey) is sent back whole, which only a JSON body field can.
      // One that may be null (an `anyOf` of a text and null, an item's optional id) is of its kind: null ends the
      // pages.
      // A text or anything (`anyOf: [{type: string}, {}]`) is read as the text its one typed variant says.
      const kind =
        cursor?.schema &&
        (typeOf(cursor.schema) ??
          nullableUnionType(ctx.doc, cursor.schema) ??
          typedVariantsType(cursor.schema, (v) => flattened(ctx, v)));
      const scalar = ["string", "integer", "number"].includes(kind ?? "");
      const whole = kind === "object" && p.send.in === "body";
      if (cursor?.schema && !scalar && !whole)
        ctx.fail(
          "BW2022",
          [...where, "cursor"],
          `"${p.cursor}" is ${kind ?? "untyped"} in ${ctx.openapiName}; ` +
            `a cursor is a string or a number, or an object sent in the body`,
          "value",
        );
      const send = linkTarget(ctx, p.send, [...where, "send"], op);
      if (cursor && send) next = { style: "cursor", cursor: { expression: cursor.expression, ref: cursor.ref }, send };
      break;
    }
    case "offset":
    case "page": {
      const send = linkTarget(ctx, p.send, [...where, "send"], op);
      // The parameter sent where the offset or page number goes: its value is where the first page starts.
      const param =
        send &&
        params.find(
          (x) =>
            x.wire.in === send.in &&
            ("pointer" in send
              ? x.wire.in === "body" && x.wire.pointer === send.pointer
              : "name" in x.wire && x.wire.name === send.name),
        );
      if (send)
        next = {
          style: p.style,
          send,
          start: p.start ?? (p.style === "offset" ? 0 : 1),
          ...(param ? { param: param.name } : {}),
        };
      break;
    }
    case "nextUrl":
    case "linkHeader": {
      if (op.method !== "GET")
        ctx.fail(
          "BW2024",
          [...where, "style"],
          `a next page's address is fetched with GET, but "${op.operationId}" is ${op.method}; ` +
            `use a cursor sent in the body`,
          "value",
        );
      if (p.style === "linkHeader") {
        next = { style: "linkHeader" };
        break;
      }
      const url = expression(p.url, ["url"], ["body", "header"]);
      if (url?.schema && typeOf(url.schema) !== "string")
        ctx.fail(
          "BW2022",
          [...where, "url"],
          `"${p.url}" is ${typeOf(url.schema) ?? "untyped"} in ${ctx.openapiName}; an address is a string`,
          "value",
        );
      if (url) next = { style: "nextUrl", url: { expression: url.expression, ref: url.ref } };
      break;
    }
  }
  return next;
}

/** The page size parameter: a number the request carries in its query, a header or its body. */
function linkPageSize(ctx: LinkContext, at: Path, name: string, params: ParamSpec[]): string | undefined {
  const param = params.find((x) => x.name === name);
  if (!param)
    return ctx.fail(
      "BW2001",
      at,
      `"${name}" is not a parameter of the operation (parameters: ${params.map((x) => x.name).join(", ")})`,
      "value",
    );
  if (param.type !== "number" || !["query", "header", "body"].includes(param.wire.in))
    return ctx.fail(
      "BW2004",
      at,
      `"${name}" must be a number parameter sent in the query, a header or the body, to say a page's size`,
      "value",
    );
  return name;
}

/**
 * When a stream's reader is caught up (`until`): a value test, or a page without items — for the styles whose pages
 * do not already end at one.
 */
function linkUntil(
  ctx: LinkContext,
  until: ManifestPageEnd,
  at: Path,
  style: string,
  expression: ReplyRead,
): PaginationSpec["until"] {
  const { from, equals, empty } = until;
  if (empty && (from !== undefined || "equals" in until))
    return ctx.fail(
      "BW2024",
      [...at, "empty"],
      `the pages end either at a page without items (empty) or at a value (from, equals), not both`,
    );
  if (empty) {
    if (style === "offset" || style === "page")
      return ctx.fail(
        "BW2024",
        [...at, "empty"],
        `the pages of ${style === "offset" ? "an offset" : "a page number"} always end at a page without items; ` +
          `"empty" is for cursors and addresses`,
      );
    return { empty };
  }
  if (from === undefined || equals === undefined)
    return ctx.fail(
      "BW2024",
      [...at, from === undefined ? "equals" : "from"],
      from === undefined
        ? `"equals" ${JSON.stringify(equals)} needs "from", the reply's value that says nothing more is there now`
        : `"from" "${from}" needs "equals", the value that says nothing more is there now`,
    );
  return linkTest(ctx, { from, equals }, at, expression, "until");
}

function linkTest(
  ctx: LinkContext,
  test: ManifestValueTest,
  at: Path,
  expression: ReplyRead,
  field: "more" | "until" = "more",
): ValueTest | undefined {
  const found = expression(test.from, [field, "from"], ["body", "header"]);
  if (!found) return undefined;
  if (found.schema && test.equals !== null && !ctx.doc.fits(test.equals, found.schema, false)) {
    return ctx.fail(
      "BW2009",
      [...at, "equals"],
      `${JSON.stringify(test.equals)} can never equal "${test.from}", which is ${typeOf(found.schema)} ` +
        `in ${ctx.openapiName}`,
      "value",
    );
  }
  return { expression: found.expression, ref: found.ref, equals: test.equals };
}

/** A cursor's place: a query or header parameter the operation declares, or a field of its request body. */
function linkTarget(
  ctx: LinkContext,
  target: ManifestPageTarget,
  at: Path,
  op: OpenApiOperation,
): PageTarget | undefined {
  if (target.in === "body") {
    const body = op.requestBody;
    if (!body)
      return ctx.fail(
        "BW2021",
        at,
        `"${op.operationId}" in ${ctx.openapiName} has no request body to carry the cursor`,
      );
    if (!ctx.doc.schemaAt(body.schema, parsePointer(target.pointer)))
      return ctx.fail(
        "BW2003",
        [...at, "pointer"],
        `body field "${target.pointer}" not found in the request body of "${op.operationId}" in ${ctx.openapiName}`,
        "value",
      );
    return { in: "body", pointer: target.pointer };
  }
  const declared = declaredParameter(op, target.in, target.name);
  if (!declared) {
    const available = op.parameters.filter((x) => x.in === target.in).map((x) => x.name);
    return ctx.fail(
      "BW2003",
      [...at, "name"],
      `${target.in} parameter "${target.name}" not found in operation "${op.operationId}" of ` +
        `${ctx.openapiName} (its ${target.in} parameters: ${available.join(", ") || "none"})`,
      "value",
    );
  }
  return { in: target.in, name: target.name };
}

// ---- in the surface ------------------------------------------------------------

type PaginationSurface = NonNullable<ToolSurface["pagination"]>;

/** allPages is accepted only where the tool pages; which outputs gather across pages is what callers read. */
export const paginationSurface: ToolEntry<PaginationSurface, "added" | "removed" | "itemsChanged" | "styleChanged"> = {
  scope: "tool",
  subject: "pagination",
  legacy: true,
  changes: {
    added: { level: "minor", rule: "pagination added (allPages accepted)" },
    removed: { level: "breaking", rule: "pagination removed (allPages refused)" },
    itemsChanged: { level: "breaking", rule: "list outputs gathered across pages changed" },
    styleChanged: { level: "patch", rule: "next page reached another way" },
  },
  record: (tool) =>
    tool.pagination ? { pagination: { style: tool.pagination.next.style, items: [...tool.pagination.items] } } : {},
  read: (t) => t.pagination,
  diff(a, b, report) {
    if (!a && b) return report("added");
    if (a && !b) return report("removed");
    if (!a || !b) return;
    if (canonical(a.items) !== canonical(b.items)) report("itemsChanged", { from: a.items, to: b.items });
    if (a.style !== b.style) report("styleChanged", { from: a.style, to: b.style });
  },
};

/**
 * The parameter giving a page's size, which the runtime lowers under maxItems
 * so that no more is fetched than kept: how many items a call fetches, not
 * which it returns. Compared where both tools page (pagination says the rest).
 */
export const pageSizeSurface: ToolEntry<{ pageSize?: string }, ValueChange> = {
  scope: "tool",
  subject: "pagination.pageSize",
  changes: {
    added: { level: "patch", rule: "page size named (under maxItems a page asks only for the items still missing)" },
    removed: { level: "patch", rule: "page size no longer named (pages under maxItems are fetched whole)" },
    changed: { level: "patch", rule: "page size parameter changed" },
  },
  record: (tool) =>
    tool.pagination?.pageSize ? { pagination: { pageSize: tool.pagination.pageSize } as PaginationSurface } : {},
  read: (t) => (t.pagination ? { ...(t.pagination.pageSize ? { pageSize: t.pagination.pageSize } : {}) } : undefined),
  diff: (a, b, report) => (a && b ? diffValue(a.pageSize, b.pageSize, report) : undefined),
};

/** A schema with its `$ref`s followed; none where one names nothing (reported where the schema is read). */
function flattened(ctx: LinkContext, schema: Schema): Schema | undefined {
  try {
    return ctx.doc.flatten(schema);
  } catch {
    return undefined;
  }
}
