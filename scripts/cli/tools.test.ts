// `blockwright tools`: the same definitions as the library's toLlmTools, as
// JSON on stdout, for every provider or the ones named.
import { describe, expect, it } from "vitest";
import { toLlmTools } from "@blockwright/runtime";
import { cli } from "../../contract-tests/cli-harness.js";
import { tools } from "../../contract-tests/repo.js";

describe("blockwright tools", () => {
  it.each(["openai", "anthropic", "mcp"] as const)("--format %s prints every tool as the library defines it", async (format) => {
    const run = await cli(["tools", "--format", format]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toEqual(toLlmTools(tools, format));
    expect(JSON.parse(run.stdout)).toHaveLength(18);
  });

  it("prints only the providers named, and what each package's own toLlmTools gives", async () => {
    const run = await cli(["tools", "--format", "anthropic", "books", "docgen"]);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(["books_get_volume", "books_search_volumes", "docgen_check_status", "docgen_generate", "docgen_generate_from_template", "docgen_list_folders", "docgen_list_themes"]);
    const books = await import("../../generated/books/index.js");
    expect(JSON.parse(run.stdout).slice(0, 2)).toEqual(books.toLlmTools("anthropic"));
  });

  it("--read-only keeps the tools that change nothing", async () => {
    const run = await cli(["tools", "--format", "mcp", "--read-only"]);
    const listed = JSON.parse(run.stdout) as { name: string; annotations: { readOnlyHint: boolean } }[];
    expect(listed).toHaveLength(13);
    for (const t of listed) expect(t.annotations.readOnlyHint).toBe(true);
  });

  it("refuses a missing or unknown format and an unknown provider", async () => {
    expect(await cli(["tools"])).toMatchObject({ code: 2, stderr: expect.stringContaining("missing --format (openai, anthropic, mcp)") });
    expect(await cli(["tools", "--format", "gemini"])).toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be one of openai, anthropic, mcp, got "gemini"') });
    expect(await cli(["tools", "--format", "mcp", "nope"])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown provider "nope" (providers: books, crm, directory, docgen, persondata)') });
    expect(await cli(["tools", "--format", "mcp", "--out", "nowhere"])).toMatchObject({ code: 2, stderr: expect.stringContaining("no generated provider packages in nowhere") });
  });
});
