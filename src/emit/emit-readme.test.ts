// The package README documents what a caller of the package meets: the
// request-size refusal where the manifest sets one, and the agent entry point.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { emitReadme, readmeParts } from "./emit-readme.js";
import { loadProvider } from "./link-provider.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const readme = async (provider: string) =>
  emitReadme(await loadProvider(root, join(root, "specs", provider)), { name: `@blockwright/${provider}` });

describe("the package README", () => {
  it("states the request-size limit of a provider whose manifest sets one, and only then", async () => {
    expect((await readme("crm")).split("\n").filter((l) => l.startsWith("| Request size |"))).toEqual([
      "| Request size | a request line and headers (address, query and credential, percent-encoded) " +
        "over 16,384 bytes are refused before sending, naming the parameter that takes the most room |",
    ]);
    expect(await readme("books")).not.toContain("| Request size |");
  });

  it("names toLlmTools, its formats, and what it leaves out", async () => {
    expect(await readme("books")).toContain(
      '`toLlmTools("openai" | "anthropic" | "mcp", { readOnly })` gives these tools as LLM\ntool definitions',
    );
    expect(await readme("books")).toContain("Secret and user-only\nparameters are left out of them");
  });

  it("shows the client, its errors, paging and one agent adapter in at most 40 lines of code (issue 31)", async () => {
    const shelf = await loadProvider(root, join(root, "test-support/fixtures/specs/shelf"));
    const text = emitReadme(shelf, { name: "@blockwright/shelf" });
    const code = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "").join("");
    const lines = code.split("\n").filter((l) => l.trim() !== "");
    expect(code).toContain("createShelf(");
    expect(code).toContain("instanceof UpstreamError");
    // Paging where an operation pages (the fixture's do not: then no .items).
    expect(code.includes(".items(")).toBe(shelf.operations.some((op) => op.tool.pagination));
    expect(code).toMatch(/from "@blockwright\/shelf\/(ai-sdk|langchain|openai-agents)"/);
    expect(lines.length).toBeLessThanOrEqual(40);
  });

  it("names the parameter that gives the address of an operation served at the customer's own instance", async () => {
    const shelf = await loadProvider(root, join(root, "test-support/fixtures/specs/shelf"));
    const [op, ...rest] = shelf.operations;
    if (!op) throw new Error("the fixture has no operation");
    const own = { ...op, tool: { ...op.tool, server: { ...op.tool.server, default: undefined, param: "zqHostUrl" } } };
    const row = emitReadme({ ...shelf, operations: [own, ...rest] }, { name: "@blockwright/shelf" })
      .split("\n")
      .find((l) => l.startsWith("| Base address |"));
    expect(row).toContain(`\`${op.tool.id}\` at your instance's address, the \`zqHostUrl\` parameter`);
  });

  it("is handed on in parts as its operations come, none the whole text", async () => {
    // A whole published API's README is tens of MB: made and squeezed as one string, it was a second of the squeeze.
    const shelf = await loadProvider(root, join(root, "test-support/fixtures/specs/shelf"));
    const operations = Array.from({ length: 200 }, (_, i) =>
      shelf.operations.map((op) => ({ ...op, tool: { ...op.tool, id: `${op.tool.id}_${i}` } })),
    ).flat();
    const parts = [...readmeParts({ ...shelf, operations }, { name: "@blockwright/shelf" })];
    const text = parts.join("");
    expect(text.split("\n").filter((l) => l.startsWith("### "))).toHaveLength(operations.length);
    expect(parts.length).toBeGreaterThan(4);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(text.length / 4);
    expect(text).toBe(emitReadme({ ...shelf, operations }, { name: "@blockwright/shelf" }));
  });
});
