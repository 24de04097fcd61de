// The writers every command writes files through: whole files (a temporary
// file renamed over the target) and never through a symbolic link, whether
// the file itself or a folder on its way is one.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LinkRefused, writeNamedFile, writeWholeUnder } from "./files.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-files-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A file and a folder outside the project, and the project folder. */
function setting() {
  const outside = mkdtempSync(join(tmp, "outside-"));
  writeFileSync(join(outside, "victim.txt"), "not yours\n");
  mkdirSync(join(outside, "folder"));
  const project = mkdtempSync(join(tmp, "project-"));
  return { outside, project, victim: join(outside, "victim.txt") };
}

describe("writeWholeUnder", () => {
  it("writes the file whole, making its folders, and leaves no temporary file", () => {
    const { project } = setting();
    const path = writeWholeUnder(project, "a/b/c.json", "{}\n", "--record");
    expect(readFileSync(path, "utf8")).toBe("{}\n");
    expect(readdirSync(join(project, "a/b"))).toEqual(["c.json"]);
  });

  it("refuses a linked file or a linked folder on the way, naming the link; nothing outside changes", () => {
    const { outside, project, victim } = setting();
    mkdirSync(join(project, "a"));
    symlinkSync(victim, join(project, "a/c.json"));
    symlinkSync(join(outside, "folder"), join(project, "b"));
    expect(() => writeWholeUnder(project, "a/c.json", "x", "--record")).toThrow(
      new LinkRefused(
        `--record: ${join(project, "a/c.json")} is a symbolic link: a/c.json is never written through a link ` +
          `(replace the link with the file or folder itself)`,
      ),
    );
    expect(() => writeWholeUnder(project, "b/c.json", "x", "--record")).toThrow(LinkRefused);
    expect(readFileSync(victim, "utf8")).toBe("not yours\n");
    expect(readdirSync(join(outside, "folder"))).toEqual([]);
  });

  it("writes under a base folder that is itself a link (the folder the user named)", () => {
    const { outside, project } = setting();
    symlinkSync(join(outside, "folder"), join(project, "named"));
    writeWholeUnder(join(project, "named"), "x.json", "1", "--record");
    expect(readFileSync(join(outside, "folder/x.json"), "utf8")).toBe("1");
  });
});

describe("writeWholeUnder, after a process killed mid-write", () => {
  it("replaces a leftover temporary file, and a leftover that is a link without following it", () => {
    const { project, victim } = setting();
    mkdirSync(join(project, "a"));
    const temp = (name: string) => join(project, "a", `.blockwright-${process.pid}-${name}.tmp`);
    writeFileSync(temp("c.json"), "half a fi");
    symlinkSync(victim, temp("d.json"));
    writeWholeUnder(project, "a/c.json", "{}\n", "--record");
    writeWholeUnder(project, "a/d.json", "[]\n", "--record");
    expect(readFileSync(join(project, "a/c.json"), "utf8")).toBe("{}\n");
    expect(readFileSync(join(project, "a/d.json"), "utf8")).toBe("[]\n");
    expect(readdirSync(join(project, "a")).sort()).toEqual(["c.json", "d.json"]);
    expect(readFileSync(victim, "utf8")).toBe("not yours\n");
  });
});

describe("writeNamedFile", () => {
  it("refuses a named file that is a link, and writes any other whole", () => {
    const { project, victim } = setting();
    symlinkSync(victim, join(project, "report.xml"));
    expect(() => writeNamedFile(join(project, "report.xml"), "x", "--output report.xml")).toThrow(
      "--output report.xml: is a symbolic link, never written through",
    );
    expect(readFileSync(victim, "utf8")).toBe("not yours\n");
    writeNamedFile(join(project, "other.xml"), "<x/>", "--output other.xml");
    expect(readFileSync(join(project, "other.xml"), "utf8")).toBe("<x/>");
    expect(existsSync(join(project, `.blockwright-${process.pid}-other.xml.tmp`))).toBe(false);
  });
});
