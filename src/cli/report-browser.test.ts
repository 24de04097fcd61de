// The HTML reports as a reader sees them: `blockwright test --reporter html`
// and `blockwright diff --format html`, each opened from its file in a real
// browser (Debian's chromium, driven by playwright-core). The chart, a row per
// operation, a failure's request, the mock's answer and the reproduce line
// are visible; the page logs no error and asks for nothing beyond itself (its
// Content-Security-Policy would refuse it, and say so on the console). The
// browser is required: without it the test fails saying how to install it.
// The report on a phone (390 px wide) and a laptop (1,280 px), rendered and
// screenshot at each width: the page never scrolls sideways, every bar of the
// chart is on the screen, and every cell of the coverage table too (on a
// phone each operation's row is a card of named cells; before, the table
// overflowed below ~1,190 px and the bars fell off the screen). One file, one
// browser: a launch of Chromium is about half a second of CPU.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, editFile as edit } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { RESULT_KINDS } from "../contract/coverage.js";
import { htmlReport } from "../contract/report/report-html.js";
import type { SuiteReport } from "../contract/report/report.js";
import type { CaseResult } from "../contract/run.js";
import { startMocks } from "../mocks/mocks.js";

/** Debian's chromium (`apt-get install chromium`); CHROMIUM names another build of it. */
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-report-browser-"));
let browser: Promise<Browser> | undefined;

/** The browser, started by the first test that opens a page (each test fails, not skips, when it is missing). */
function started(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} does not exist: this test renders the HTML reports in Debian's chromium. ` +
        `Install it (apt-get install chromium) or set CHROMIUM to a chromium executable.`,
    );
  browser ??= chromium.launch({ executablePath: CHROMIUM });
  return browser;
}

afterAll(async () => {
  await (await browser?.catch(() => undefined))?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * The fixture provider in a project of its own, generated, then kept as the
 * base of a diff; then its spec gives a second answer of the list operation
 * whose total is null (the manifest's output promises a number: a contract
 * failure with a request and the mock's answer), and its manifest lowers a
 * maximum (a breaking change for diff).
 */
async function brokenProject(): Promise<string> {
  const dir = join(tmp, "zqshelf-project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  cpSync(join(ROOT, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
  const spec = join(dir, "specs/shelf/openapi.yaml");
  edit(
    spec,
    "                  total: { type: integer }",
    "                  total: { type: integer, nullable: true }",
  );
  edit(
    spec,
    '                  value: { total: 1, value: [{ id: "b1", title: "Dune", state: "ready" }] }',
    '                  value: { total: 1, value: [{ id: "b1", title: "Dune", state: ' +
      '"ready" }] }\n                zqnull:\n                  value: { total: null, value: [] }',
  );
  edit(join(dir, "specs/shelf/manifest.yaml"), "        maximum: 50\n", "        maximum: 20\n");
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  return dir;
}

interface Opened {
  page: Page;
  /** Console errors and warnings, and errors the page threw. */
  problems: string[];
  /** Every address the page asked for, its own first. */
  requests: string[];
  url: string;
}

async function open(file: string): Promise<Opened> {
  const page = await (await started()).newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  const url = pathToFileURL(file).href;
  await page.goto(url, { waitUntil: "load" });
  return { page, problems, requests, url };
}

/** Whether any of the elements is rendered with an area (a bar of 0 cases has none). */
async function drawn(page: Page, selector: string): Promise<boolean> {
  for (const element of await page.locator(selector).all()) {
    const box = await element.boundingBox();
    if (box && box.width > 0 && box.height > 0) return true;
  }
  return false;
}

interface Case {
  id: string;
  provider: string;
  operation: string;
  status: string;
  failure?: { request?: string; answer?: { status: number; body: string } };
}

describe("the HTML reports in a browser", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await brokenProject();
  });

  it(
    "test --reporter html: the chart, a row per operation, a failure's request, " +
      "the mock's answer and reproduce line; no console error, no request",
    async () => {
      const file = join(dir, "reports/contract.html");
      const r = await cli(
        ["test", "--seed", "7", "--runs", "2", "--reporter", "json", "--reporter", "html", "--output", file],
        { cwd: dir, startMocks },
      );
      expect(r.code).toBe(1);
      const cases = (JSON.parse(r.stdout) as { cases: Case[] }).cases;
      const { page, problems, requests, url } = await open(file);
      try {
        expect(await page.locator("svg.chart").isVisible()).toBe(true);
        expect(await drawn(page, "svg.chart rect.pass")).toBe(true);
        expect(await drawn(page, "svg.chart rect.fail")).toBe(true);
        const operations = [...new Set(cases.map((c) => c.operation))];
        expect(operations.length).toBeGreaterThan(1);
        for (const operation of operations) {
          expect(
            await page.locator("svg.chart text").getByText(operation, { exact: true }).isVisible(),
            `chart label ${operation}`,
          ).toBe(true);
          expect(
            await page
              .locator("tr")
              .filter({ has: page.locator("td code").getByText(operation, { exact: true }) })
              .isVisible(),
            `coverage row ${operation}`,
          ).toBe(true);
        }
        // The answer the spec's new example gives: the mock's own, quoted whole.
        const broken = cases.find((c) => c.status === "failed" && c.failure?.answer?.body.includes('"total":null'));
        expect(broken?.failure?.request).toBeDefined();
        const section = page
          .locator("section.failure")
          .filter({ has: page.getByRole("heading", { name: `${broken!.provider} ${broken!.id}`, exact: true }) });
        expect(await section.isVisible()).toBe(true);
        expect(await section.getByText(broken!.failure!.request!, { exact: true }).isVisible()).toBe(true);
        expect(
          await section
            .getByRole("heading", { name: `The mock's answer: ${broken!.failure!.answer!.status}`, exact: true })
            .isVisible(),
        ).toBe(true);
        expect(await section.getByText(broken!.failure!.answer!.body, { exact: true }).isVisible()).toBe(true);
        expect(await section.getByText(/^reproduce: blockwright call /).isVisible()).toBe(true);
        expect(problems).toEqual([]);
        expect(requests).toEqual([url]);
      } finally {
        await page.close();
      }
    },
  );

  it("diff --format html: the verdict, the package and each change's row; no console error, no request", async () => {
    const r = await cli(["diff", "--base-dir", "base", "--format", "html", "--fail-on", "breaking"], { cwd: dir });
    expect(r.code).toBe(1);
    const file = join(dir, "reports/diff.html");
    writeFileSync(file, r.stdout);
    const { page, problems, requests, url } = await open(file);
    try {
      expect(await page.locator("p.verdict.bad").isVisible()).toBe(true);
      expect(
        await page
          .locator("tr")
          .filter({ has: page.locator("td code").getByText(/\/shelf$/) })
          .isVisible(),
      ).toBe(true);
      const change = page.locator("tr").filter({ hasText: "maximum (50 → 20)" });
      expect(await change.isVisible()).toBe(true);
      expect(
        await change
          .locator("td.bad")
          .getByText(/^breaking/)
          .isVisible(),
      ).toBe(true);
      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);
    } finally {
      await page.close();
    }
  });
});

/** A run with a case of every kind for operations with long names (as real ones are), some failing. */
function run(): SuiteReport {
  const operations = [
    "zqshelf_list_books_by_shelf_and_reading_state",
    "zqshelf_get_book",
    "zqpayments_create_payment_intent_with_idempotency",
  ];
  const results: CaseResult[] = operations.flatMap((operation, o) =>
    RESULT_KINDS.flatMap((kind, k) =>
      [0, 1].map((n): CaseResult => {
        const failed = (o + k + n) % 7 === 0;
        return {
          id: `${operation} › ${kind} › ${n}`,
          provider: operation.split("_")[0] ?? "zqshelf",
          operation,
          kind,
          name: String(n),
          status: failed ? "failed" : "passed",
          durationMs: 3,
          startedAtMs: 0,
          source: { document: "manifest", path: ["operations", operation] },
          statuses: [200, 400, 404, 429],
          ...(failed
            ? {
                message: "zq the mock's answer breaks the output",
                failure: {
                  violation: "zq the mock's answer breaks the output",
                  request: `GET /zq/${operation}?page=1`,
                  answer: { status: 200, body: '{"zq":true}' },
                },
              }
            : {}),
        };
      }),
    ),
  );
  return { seed: 1, runs: 2, startedAt: "2026-11-25T00:00:00.000Z", durationMs: 40, results };
}

describe.each([
  ["a phone", 390, 844],
  ["a laptop", 1280, 800],
] as const)("the HTML report on %s (%i px)", (_, width, height) => {
  it(
    "scrolls only down: the chart's bars and every cell of the coverage table are on the screen; " + "screenshot",
    async () => {
      const file = join(tmp, `report-${width}.html`);
      writeFileSync(file, htmlReport(run()));
      const page = await (await started()).newPage({ viewport: { width, height } });
      try {
        await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const inside = async (selector: string) => {
          const boxes = await Promise.all((await page.locator(selector).all()).map((e) => e.boundingBox()));
          const drawn = boxes.filter((b) => b !== null && b.width > 0 && b.height > 0);
          expect(drawn.length, selector).toBeGreaterThan(0);
          for (const box of drawn)
            expect(box!.x >= 0 && box!.x + box!.width <= width + 0.5, `${selector} at ${box!.x}+${box!.width}`).toBe(
              true,
            );
          return drawn.length;
        };
        await inside("svg.chart rect.pass");
        await inside("svg.chart rect.fail");
        // Every coverage cell: a kind's count, the operation, its statuses.
        const cells = await inside("table.cards td");
        expect(cells).toBe(3 * (RESULT_KINDS.length + 3));
        // A phone has no room for a column per kind: the cards name each cell instead of a header row.
        expect(await page.locator("table.cards th").first().isVisible()).toBe(width > 640);
        const shot = join(tmp, `report-${width}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        const png = readFileSync(shot);
        expect(png.subarray(1, 4).toString()).toBe("PNG");
        expect(png.readUInt32BE(16)).toBe(width);
      } finally {
        await page.close();
      }
    },
  );
});
