// The suite is provider-neutral: a whole `npm test` runs the main project on
// a copy of this project whose specs/ has two more providers written in YAML
// only (fixtures the suite has never seen as repository providers),
// generated there (test-support/neutral-copy.ts), and the test files whose
// expectations depend on the set of providers (provider-dependent.ts) pass
// there as they do here. And that list is complete: every test file that
// reads specs/ or generated/ is in it or is said to check only providers it
// names.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { providerDirs } from "../../src/load/provider-dirs.js";
import { makeNeutralCopy, MORE_PROVIDERS, REPOSITORY, RESERVED_PREFIX } from "../../test-support/neutral-copy.js";
import {
  filesReadingProviders,
  NAMED_PROVIDERS_ONLY,
  PROVIDER_DEPENDENT,
  PROVIDER_DEPENDENT_NOT_RUN_AGAIN,
  readsProviders,
  wholeNpmTest,
} from "./provider-dependent.js";

/**
 * The providers of this repository's specs/ (not from test-support/repo.ts, which would load every generated provider
 * for their names).
 */
const PROVIDER_IDS = providerDirs(join(REPOSITORY, "specs"));

describe("the providers added to specs/", () => {
  it(
    `are named with the reserved prefix "${RESERVED_PREFIX}", folder and manifest alike, and no repository ` +
      `provider takes it`,
    () => {
      const named = MORE_PROVIDERS.map((dir) => [
        basename(dir),
        /^provider: (\S+)$/m.exec(readFileSync(join(dir, "manifest.yaml"), "utf8"))?.[1],
      ]);
      expect(
        named.filter(
          ([folder, id]) => folder !== id || !folder?.startsWith(RESERVED_PREFIX) || !/^[a-z][a-z0-9]*$/.test(folder),
        ),
      ).toEqual([]);
      const taken = PROVIDER_IDS.filter((id) => id.startsWith(RESERVED_PREFIX));
      expect(
        taken,
        `specs/ holds ${taken.join(", ")}: the prefix "${RESERVED_PREFIX}" is the tests' own (the providers they add ` +
          "beside the repository's), so a repository provider named with it would meet one of theirs: rename it",
      ).toEqual([]);
    },
  );
});

describe("the list of provider-dependent test files", () => {
  const reading = filesReadingProviders(REPOSITORY).filter((f) => !f.startsWith("contract-tests/neutral/"));
  const listed = [
    ...PROVIDER_DEPENDENT,
    ...Object.keys(PROVIDER_DEPENDENT_NOT_RUN_AGAIN),
    ...Object.keys(NAMED_PROVIDERS_ONLY),
  ];

  it("holds every test file that reads specs/ or generated/, each once", () => {
    expect(
      reading.filter((f) => !listed.includes(f)),
      "test files to sort into contract-tests/neutral/provider-dependent.ts",
    ).toEqual([]);
    expect(
      listed.filter((f, i) => listed.indexOf(f) !== i),
      "listed twice",
    ).toEqual([]);
  });

  it("lists only test files that exist and read them", () => {
    expect(listed.filter((f) => !reading.includes(f))).toEqual([]);
  });

  it.each([
    ['import { tools } from "../../test-support/repo.js";', true],
    ['import { call } from "./harness.js";', true],
    ['import { cli } from "../../test-support/cli-harness.js";', true],
    ["const ids = providerDirs(SPECS_DIR);", true],
    ['const modules = import.meta.glob("../generated/*/index.js");', true],
    ['const schema = new URL("../../specs/manifest.schema.json", import.meta.url);', true],
    ['readFileSync(join(ROOT, "generated/crm/surface.json"), "utf8");', true],
    ['cpSync(join(root, "specs", "shelf"), dir);', true],
    ['const shelf = join(root, "test-support/fixtures/specs/shelf");', false],
    ['expect(message).toContain("specs/shelf/manifest.yaml:3:1");', false],
    ['import { providers } from "./registry.js";', false],
  ] as const)("readsProviders(%j) is %s", (source, expected) => {
    expect(readsProviders(source)).toBe(expected);
  });
});

describe("which runs read the providers of the copy", () => {
  const vitest = ["node", "node_modules/vitest/vitest.mjs", "run"];
  it.each([
    ["npm test", [], "test", true],
    ["npm test with a reporter and its output file", ["--reporter=json", "--outputFile=/tmp/zq.json"], "test", true],
    ["npm test -- <a file>", ["src/cli/zq.test.ts"], "test", false],
    ["npm test -- --project=main (the packages project left out)", ["--project=main"], "test", false],
    ["npm test -- --reporter json (a value apart: not read as showing only)", ["--reporter", "json"], "test", false],
    ["npm test -- -t <name>", ["-t", "zq"], "test", false],
    ["npx vitest run", [], undefined, false],
    ["npm run test:main", ["--project", "main"], "test:main", false],
  ] as const)("%s: on the copy: %s", (_, args, lifecycle, whole) => {
    expect(wholeNpmTest([...vitest, ...args], { npm_lifecycle_event: lifecycle })).toBe(whole);
  });
});

describe("with two more YAML-only providers in specs/", () => {
  /** Every provider of this repository's specs/ and the two more, each generated, in the copy at `root`. */
  const expectCopy = (root: string) => {
    const ids = providerDirs(join(root, "specs"));
    expect(ids).toEqual([...PROVIDER_IDS, ...MORE_PROVIDERS.map((d) => basename(d))].sort());
    for (const id of ids) {
      expect(existsSync(join(root, "generated", id, "index.js")), id).toBe(true);
      expect(
        existsSync(join(root, "node_modules/@blockwright", id, "index.js")),
        `${id}, as npm links a workspace package`,
      ).toBe(true);
    }
  };

  it(
    "a whole npm test reads its providers from the copy, where generate wrote every package; any other run makes " +
      "one here",
    async () => {
      const providersRoot = inject("providersRoot");
      if (providersRoot !== undefined) {
        expectCopy(providersRoot);
        // What the test files read (test-support/repo.ts): the copy's providers, the two more among them.
        const repo = await import("../../test-support/repo.js");
        expect(repo.ROOT).toBe(providersRoot);
        expect(repo.providers.map((p) => p.id)).toEqual(providerDirs(join(providersRoot, "specs")));
        return;
      }
      const folder = mkdtempSync(join(tmpdir(), "blockwright-more-providers-"));
      try {
        expectCopy(await makeNeutralCopy(folder));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
