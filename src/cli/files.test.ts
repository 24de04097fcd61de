// Files through the command line, on the zqfiles fixture
// (test-support/fixtures/specs-files): the derived suite uploads a generated
// small file (as a multipart part and as a whole raw body) and checks a
// download's bytes on the Prism mocks, all passing (a deprecated parameter
// sent: the mock's deprecation warning is no failure).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, cpSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-files-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("files on the mocks", () => {
  it(
    "blockwright test passes zqfiles' derived suite: a multipart upload of a generated file, raw-body uploads, " +
      "and a download read as bytes",
    async () => {
      const dir = join(tmp, "project");
      mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
      symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
      cpSync(join(ROOT, "test-support/fixtures/specs-files/zqfiles"), join(dir, "specs/zqfiles"), { recursive: true });
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const r = await cli(["test", "--seed", "7", "--runs", "5", "--reporter", "json"], { cwd: dir, startMocks });
      const report = JSON.parse(r.stdout) as { cases: { id: string; status: string; message?: string }[] };
      expect(report.cases.filter((c) => c.status !== "passed").map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      const ids = report.cases.map((c) => c.id);
      expect(ids.some((id) => id.includes("zqfiles_upload_file") && id.includes("every parameter"))).toBe(true);
      expect(ids.some((id) => id.includes("zqfiles_download_file") && id.includes("answer 200"))).toBe(true);
      // Raw-body uploads (application/octet-stream, image/*): the mock takes the file as the whole body.
      for (const tool of ["zqfiles_replace_file_content", "zqfiles_upload_image"])
        expect(ids.filter((id) => id.includes(tool) && id.includes("every parameter"))).toHaveLength(1);
      expect(r.code).toBe(0);
    },
  );
});
