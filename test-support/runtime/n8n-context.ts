// What the tests of a generated n8n node's execute and credential test share (runtime/platforms/n8n*.test.ts): a
// context shaped as n8n's IExecuteFunctions, n8n's error classes, the shelf fixture's node, and fixture tools.
import { fullSupport, type ToolSpec } from "@blockwright/runtime/internal";
import type { N8nExecuteContext, N8nNode } from "@blockwright/runtime/n8n";
import { irFixture } from "./ir-fixtures.js";

/** The shelf fixture's API key. */
export const SHELF_KEY = "shelf-key-7f3a9c2e51";
/** A fixture's tools by id (test-support/fixtures/ir/). */
export const fixtureTools = (fixture: "shelf" | "zqfiles" | "zqpayments"): Record<string, ToolSpec> =>
  Object.fromEntries(irFixture(fixture).operations.map((o) => [o.tool.id, o.tool]));
/** Every part of a call but the process's rate limiter: a test's executor is given its own fetch. */
export const { rateLimits: _processLimiter, ...callParts } = fullSupport;

/** A node of the shelf fixture as generate --target n8n describes it. */
export const shelfNode: N8nNode = {
  provider: "shelf",
  credential: "shelfApi",
  credentialParams: ["apiKey"],
  baseUrlField: "baseUrl",
  operations: {
    shelf_get_book: { params: [{ name: "bookId", in: "node" }] },
    shelf_list_books: {
      params: [
        { name: "shelfId", in: "node" },
        { name: "eventual", in: "collection" },
      ],
      collection: "additionalFields",
    },
    shelf_add_book: {
      params: [
        { name: "shelfId", in: "node" },
        { name: "title", in: "node" },
        { name: "meta", in: "collection", as: "json" },
        { name: "tags", in: "collection", as: "list", separator: "," },
      ],
      collection: "additionalFields",
    },
  },
};

/** n8n's error classes as a node hands them to the runtime (n8n-workflow's, with their fields). */
export class NodeOperationError extends Error {
  constructor(
    readonly node: unknown,
    message: string,
    readonly options: object,
  ) {
    super(message);
  }
}
export class NodeApiError extends Error {
  constructor(
    readonly node: unknown,
    readonly response: Record<string, unknown>,
    readonly options: { httpCode?: string; failure?: object; itemIndex?: number },
  ) {
    super(String(response.message));
  }
}
export const n8nErrors = { NodeApiError, NodeOperationError };

/** A context as n8n gives a node's execute: items, parameters by item, a credential, the binary helpers. */
export function n8nContext(
  items: Record<string, unknown>[],
  credential: Record<string, unknown>,
  options: {
    continueOnFail?: boolean;
    binary?: Record<string, { bytes: Uint8Array; fileName: string; mimeType: string }>;
  } = {},
) {
  const prepared: { data: unknown; fileName?: string; mimeType?: string }[] = [];
  const ctx: N8nExecuteContext = {
    getInputData: () => items.map((json) => ({ json })),
    getNodeParameter: (name, i, fallback) => (Object.hasOwn(items[i] ?? {}, name) ? items[i]?.[name] : fallback),
    getCredentials: async () => credential,
    continueOnFail: () => options.continueOnFail === true,
    getNode: () => ({ name: "Shelf" }),
    helpers: {
      getBinaryDataBuffer: async (_i, name) => options.binary?.[name]?.bytes ?? new Uint8Array(),
      assertBinaryData: (_i, name) => {
        const b = options.binary?.[name];
        if (!b) throw new Error(`no binary field ${name}`);
        return { fileName: b.fileName, mimeType: b.mimeType };
      },
      prepareBinaryData: async (data, fileName, mimeType) => {
        prepared.push({ data, ...(fileName ? { fileName } : {}), ...(mimeType ? { mimeType } : {}) });
        return { fileName, mimeType };
      },
    },
  };
  return { ctx, prepared };
}
