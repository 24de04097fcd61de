// One provider's change regenerates that provider's files only (issue 64):
// the other packages' files, and the project's own, are neither rewritten
// nor touched, so a project of many providers pays for the one that changed
// on disk, and its version control shows that one alone; and the others are
// not even linked again: their stamp entries show them unchanged, so their
// files are read back (provider-stamp.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFiles } from "../common/files.js";
import { cli } from "../../test-support/cli-harness.js";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-one-provider-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A synthetic project of `n` providers in a folder of its own, generated once. */
async function generatedProject(name: string, n: number): Promise<{ dir: string; ids: string[] }> {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const ids = writeSyntheticProject(dir, n);
  expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
  return { dir, ids };
}

/** Change the description of the first operation of an OpenAPI document written as JSON. */
function describeAgain(spec: string, description: string): void {
  const document = JSON.parse(readFileSync(spec, "utf8")) as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  const [operation] = Object.values(Object.values(document.paths)[0] ?? {});
  if (!operation) throw new Error("the synthetic document has no operation");
  operation.description = description;
  writeFileSync(spec, JSON.stringify(document, null, 1));
}

/** Which providers a generation read back rather than linked, from its summary line (none: 0). */
function keptCount(stderr: string): number {
  return Number(/\((\d+) unchanged since the stamp: read back, not linked\)/.exec(stderr)?.[1] ?? 0);
}

/** Every generated file (the stamp aside) with its text and its last change. */
function snapshot(out: string): Map<string, { text: string; changed: number }> {
  const files = listFiles(out).filter((f) => f !== ".blockwright-stamp.json");
  return new Map(
    files.map((f) => [f, { text: readFileSync(join(out, f), "utf8"), changed: statSync(join(out, f)).mtimeMs }]),
  );
}

describe("generate after one provider's document changed", () => {
  it("writes only that provider's files: every other file keeps its bytes and its modification time", async () => {
    const ids = writeSyntheticProject(tmp, 3);
    const changed = ids[1] as string;
    expect((await cli(["generate"], { cwd: tmp })).code).toBe(0);
    const out = join(tmp, "generated");
    const before = snapshot(out);
    // An operation's description, which the package's declarations carry.
    const spec = join(tmp, "specs", changed, "openapi.yaml");
    const document = JSON.parse(readFileSync(spec, "utf8")) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const [operation] = Object.values(Object.values(document.paths)[0] ?? {});
    if (!operation) throw new Error("the synthetic document has no operation");
    operation.description = "Changed by the test, in one provider only.";
    writeFileSync(spec, JSON.stringify(document, null, 1));
    // A file rewritten, even with the same bytes, gets a new modification time (written whole: a new file renamed over
    // it).
    const run = await cli(["generate", "--json"], { cwd: tmp });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { stale: string[]; missing: string[]; extra: string[] };
    expect(result.stale.length).toBeGreaterThan(0);
    expect(result.stale.filter((f) => !f.startsWith(`${changed}/`))).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(result.extra).toEqual([]);
    const after = snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, was] of before) {
      const now = after.get(file);
      if (file.startsWith(`${changed}/`) && result.stale.includes(file)) {
        expect(now?.text, file).not.toBe(was.text);
        continue;
      }
      expect(now, file).toEqual(was);
    }
  });
});

describe("generate after some providers changed: the others are not linked again", () => {
  it("reads the unchanged providers back, and writes the same bytes as a generation from nothing", async () => {
    const { dir, ids } = await generatedProject("kept", 4);
    const [, changed] = ids;
    describeAgain(join(dir, "specs", changed as string, "openapi.yaml"), "Changed, in one provider only.");
    const run = await cli(["generate"], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(keptCount(run.stderr), run.stderr).toBe(3);
    const fresh = await cli(["generate", "--out", "fresh"], { cwd: dir });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(keptCount(fresh.stderr)).toBe(0);
    const texts = (out: string) => new Map([...snapshot(join(dir, out))].map(([f, { text }]) => [f, text]));
    expect(texts("generated")).toEqual(texts("fresh"));
    // Nothing changed since: answered from the whole stamp, and --check agrees.
    expect((await cli(["generate", "--check"], { cwd: dir })).stderr).toContain("is up to date (its stamp matches");
  });

  it("links a provider again when a file its document $refs changes, or a file of its package was edited", async () => {
    const { dir, ids } = await generatedProject("relinked", 3);
    const [referring, edited] = ids as [string, string, string];
    // The first provider's first resource schema moved into a file of its own, which its document $refs.
    const spec = join(dir, "specs", referring, "openapi.yaml");
    const document = JSON.parse(readFileSync(spec, "utf8")) as { components: { schemas: Record<string, unknown> } };
    const item = join(dir, "specs", referring, "item.json");
    writeFileSync(item, JSON.stringify(document.components.schemas.Item0));
    document.components.schemas.Item0 = { $ref: "./item.json" };
    writeFileSync(spec, JSON.stringify(document, null, 1));
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    const schema = JSON.parse(readFileSync(item, "utf8")) as { properties: { kind: { description: string } } };
    schema.properties.kind.description = "Described in the referred file only.";
    writeFileSync(item, JSON.stringify(schema));
    const readme = join(dir, "generated", edited, "README.md");
    const text = readFileSync(readme, "utf8");
    writeFileSync(readme, `${text}Edited by hand.\n`);
    const run = await cli(["generate", "--json"], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(keptCount(run.stderr), run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as { stale: string[] };
    expect(result.stale).toContain(`${referring}/index.d.ts`);
    expect(result.stale).toContain(`${edited}/README.md`);
    expect(readFileSync(readme, "utf8")).toBe(text);
    expect(readFileSync(join(dir, "generated", referring, "index.d.ts"), "utf8")).toContain(
      "Described in the referred file only.",
    );
  });

  it("links every provider again when what they share changes (options, project package, specs folder)", async () => {
    const { dir } = await generatedProject("shared", 2);
    const scoped = await cli(["generate", "--scope", "@zqother"], { cwd: dir });
    expect(scoped.code, scoped.stderr).toBe(0);
    expect(keptCount(scoped.stderr)).toBe(0);
    expect(keptCount((await cli(["generate"], { cwd: dir })).stderr)).toBe(0);
    const pkg = join(dir, "package.json");
    writeFileSync(pkg, JSON.stringify({ ...JSON.parse(readFileSync(pkg, "utf8")), license: "MIT" }));
    const licensed = await cli(["generate"], { cwd: dir });
    expect(licensed.code, licensed.stderr).toBe(0);
    expect(keptCount(licensed.stderr)).toBe(0);
    // The same providers from another specs folder: their files' headers name it.
    cpSync(join(dir, "specs"), join(dir, "zqspecs"), { recursive: true });
    const other = await cli(["generate", "--specs", "zqspecs"], { cwd: dir });
    expect(other.code, other.stderr).toBe(0);
    expect(keptCount(other.stderr)).toBe(0);
    expect(readFileSync(join(dir, "generated/syn000/index.js"), "utf8")).toContain("zqspecs/syn000/manifest.yaml");
    rmSync(join(dir, "zqspecs"), { recursive: true });
    expect(keptCount((await cli(["generate"], { cwd: dir })).stderr)).toBe(0);
    // A copy of the project elsewhere: its stamp holds, its providers are read back, and its surfaces are unchanged.
    cpSync(dir, join(tmp, "shared-copy"), { recursive: true });
    describeAgain(join(tmp, "shared-copy/specs/syn000/openapi.yaml"), "Changed in the copy.");
    const copy = await cli(["generate"], { cwd: join(tmp, "shared-copy") });
    expect(keptCount(copy.stderr), copy.stderr).toBe(1);
  });

  it("links a provider again, and does not fail, when its stamp entry was damaged", async () => {
    const { dir, ids } = await generatedProject("damaged", 2);
    const stampFile = join(dir, "generated/.blockwright-stamp.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { providers: Record<string, unknown> };
    const [damaged, other] = ids as [string, string];
    // Its key still holds: only the rest of the entry is damaged.
    stamp.providers[damaged] = { ...(stamp.providers[damaged] as object), read: null };
    writeFileSync(stampFile, JSON.stringify(stamp));
    describeAgain(join(dir, "specs", other, "openapi.yaml"), "Changed beside a damaged stamp entry.");
    const run = await cli(["generate"], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(keptCount(run.stderr)).toBe(0);
    expect((await cli(["generate", "--check"], { cwd: dir })).stderr).toContain("is up to date (its stamp matches");
  });
});
