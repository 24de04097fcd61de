// `blockwright verify --record`, then `blockwright test --replay` of what it recorded, on a project of the fixture
// provider (shelf) and a loopback server playing its service (test-support/cli/verify-shelf.ts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { allForms, keyForms, lineOf, shelfFixture } from "../../test-support/cli/verify-shelf.js";

const shelf = shelfFixture("blockwright-replay-");
const { project, tmp, verify } = shelf;

describe("verify --record, then test --replay", () => {
  let dir: string;
  const recordings = () => join(dir, "recordings");
  beforeAll(async () => {
    dir = await project("replay");
  });

  it("records each call with the key redacted in every form, even where the service echoed it", async () => {
    shelf.mode = { echo: true };
    const r = await verify(dir, "--record", "recordings");
    expect(r.code).toBe(0);
    const files = readdirSync(join(recordings(), "shelf"), { recursive: true }).filter((f) =>
      String(f).endsWith(".json"),
    );
    expect(files.map(String)).toEqual(
      expect.arrayContaining([
        join("shelf_get_book", "minimal-input.json"),
        join("shelf_list_books", "minimal-input.json"),
      ]),
    );
    for (const f of files) {
      const text = readFileSync(join(recordings(), "shelf", String(f)), "utf8");
      expect(text).toContain("[redacted]");
      for (const form of keyForms) expect(text, `${f}: ${form}`).not.toContain(form);
      // What the service answered, as it answered it (the file's own JSON encoding undone).
      for (const ex of JSON.parse(text).exchanges as { responseBody: string }[])
        for (const form of keyForms) expect(ex.responseBody, `${f}: ${form}`).not.toContain(form);
    }
    const list = JSON.parse(
      readFileSync(join(recordings(), "shelf", "shelf_list_books", "minimal-input.json"), "utf8"),
    );
    expect(JSON.parse(list.exchanges[0].responseBody)).toMatchObject({
      escaped: "[redacted]",
      note: "you sent [redacted]",
    });
  });

  it(
    "shows no form of an echoed key in its text or JSON " + "report, overlay or recordings, even as a field name",
    async () => {
      shelf.mode = { echo: true, echoInState: true, hostileField: true };
      const overlay = join(tmp, "echo-overlay.json");
      const record = join(tmp, "echo-recordings");
      const text = await verify(dir, "--overlay", overlay, "--record", record);
      const json = await verify(dir, "--json");
      expect([text.code, json.code]).toEqual([1, 1]);
      expect(text.stdout).toContain("[redacted]");
      const recorded = readdirSync(record, { recursive: true }).filter((f) => String(f).endsWith(".json"));
      expect(recorded.length).toBeGreaterThan(0);
      const outputs = {
        text: text.stdout + text.stderr,
        json: json.stdout + json.stderr,
        overlay: readFileSync(overlay, "utf8"),
        ...Object.fromEntries(recorded.map((f) => [String(f), readFileSync(join(record, String(f)), "utf8")])),
      };
      for (const [where, output] of Object.entries(outputs))
        for (const form of allForms) expect(output, `${where}: ${form}`).not.toContain(form);
    },
  );

  it(
    "escapes a field name of the answer in its text report: no line starts with :: (a CI workflow command), " +
      "no control character",
    async () => {
      shelf.mode = { hostileField: true };
      const r = await verify(dir, "--operation", "shelf_get_book");
      expect(r.stdout).toContain("\\n::error::x");
      expect(r.stdout).toContain("\\r\\n  ::add-mask::y\\u001b[2J");
      for (const line of (r.stdout + r.stderr).split("\n")) expect(line, line).not.toMatch(/^\s*::/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is what it looks for
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    },
  );

  it(
    "never writes through a symbolic link (--overlay, --output, a recordings folder or file): " +
      "exit 2 before any request, nothing outside changed",
    async () => {
      shelf.mode = {};
      const outside = mkdtempSync(join(tmp, "outside-"));
      const victim = join(outside, "victim.txt");
      writeFileSync(victim, "not yours\n");
      mkdirSync(join(outside, "folder"));
      const links = mkdtempSync(join(tmp, "links-"));
      symlinkSync(victim, join(links, "overlay.json"));
      symlinkSync(victim, join(links, "report.xml"));
      mkdirSync(join(links, "linked-provider"));
      symlinkSync(join(outside, "folder"), join(links, "linked-provider/shelf"));
      mkdirSync(join(links, "linked-file/shelf/shelf_get_book"), { recursive: true });
      symlinkSync(victim, join(links, "linked-file/shelf/shelf_get_book/minimal-input.json"));
      const cases: [string[], string][] = [
        [
          ["--overlay", join(links, "overlay.json")],
          `--overlay ${join(links, "overlay.json")}: is a symbolic link, never written through`,
        ],
        [
          ["--reporter", "junit", "--output", join(links, "report.xml")],
          `--output ${join(links, "report.xml")}: is a symbolic link, never written through`,
        ],
        [
          ["--record", join(links, "linked-provider")],
          "shelf is a symbolic link: recordings are never written through a link",
        ],
        [
          ["--record", join(links, "linked-file")],
          "shelf/shelf_get_book/minimal-input.json is a symbolic link: recordings are never written through a link",
        ],
      ];
      for (const [args, says] of cases) {
        const before = shelf.upstream.received.length;
        const r = await verify(dir, ...args);
        expect({ args, code: r.code }).toEqual({ args, code: 2 });
        expect(r.stderr).toContain(says);
        expect(shelf.upstream.received.length).toBe(before);
      }
      expect(readFileSync(victim, "utf8")).toBe("not yours\n");
      expect(readdirSync(join(outside, "folder"))).toEqual([]);
    },
  );

  it("replays them offline: exit 0 with the service gone and no key", async () => {
    const r = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir, env: {} });
    const count = readdirSync(join(recordings(), "shelf"), { recursive: true }).filter((f) =>
      String(f).endsWith(".json"),
    ).length;
    expect(r.stderr).toMatch(
      new RegExp(`^blockwright test: ${count} recorded cases from recordings, replayed without network$`, "m"),
    );
    expect(r.stdout).toMatch(new RegExp(`^contract: ${count} passed, 0 failed$`, "m"));
    expect(r.mocks).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("fails once the spec contradicts what the service said, at the line of the contradicting schema", async () => {
    const spec = join(dir, "specs/shelf/openapi.yaml");
    const text = readFileSync(spec, "utf8");
    // The service answered "Dune Messiah"; the spec now says a title has at most 5 characters (its own examples' "Dune"
    // has 4).
    writeFileSync(
      spec,
      text.replace(
        "        title: { type: string }\n        state:",
        "        title: { type: string, maxLength: 5 }\n        state:",
      ),
    );
    try {
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const r = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("✗ shelf shelf_get_book › replay › minimal input");
      expect(r.stdout).toContain("✗ shelf shelf_list_books › replay › minimal input");
      expect(r.stdout).toContain("✗ shelf shelf_get_book › replay › minimal input");
      expect(r.stdout).toContain("constraint /title");
      expect(r.stdout).toContain("constraint /value/0/title");
      expect(r.stdout).toContain(
        `    at specs/shelf/openapi.yaml:${lineOf(spec, "title: { type: string, maxLength: 5 }")}:`,
      );
    } finally {
      writeFileSync(spec, text);
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    }
  });

  it("fails a request the tool no longer sends as recorded, and a recording past --max-age", async () => {
    const file = join(recordings(), "shelf", "shelf_list_books", "minimal-input.json");
    const recording = JSON.parse(readFileSync(file, "utf8"));
    const old = { ...recording, recordedAt: "2020-01-01T00:00:00.000Z" };
    writeFileSync(file, JSON.stringify(old));
    const aged = await cli(["test", "shelf", "--replay", "recordings", "--max-age", "30d"], { cwd: dir });
    expect(aged.code).toBe(1);
    expect(aged.stdout).toContain("longer ago than --max-age allows (30 days)");
    writeFileSync(
      file,
      JSON.stringify({
        ...recording,
        exchanges: recording.exchanges.map((ex: { canonical: string }) => ({
          ...ex,
          canonical: ex.canonical.replace("GET /", "GET /old/"),
        })),
      }),
    );
    const moved = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir });
    expect(moved.code).toBe(1);
    expect(moved.stdout).toContain("the request the tool sends now matches no recorded one");
    writeFileSync(file, JSON.stringify(recording));
  });

  it("refuses a folder without recordings and --max-age without --replay", async () => {
    mkdirSync(join(dir, "empty"), { recursive: true });
    expect(await cli(["test", "shelf", "--replay", "empty"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--replay empty: no recordings of shelf there"),
    });
    expect(await cli(["test", "shelf", "--max-age", "3d"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--max-age goes with --replay <dir>"),
    });
    expect(existsSync(join(dir, "empty"))).toBe(true);
  });
});
