// The HTML reports as a reader sees them: `blockwright test --reporter html`
// and `blockwright diff --format html`, each opened from its file in a real
// browser (Chromium, driven by playwright-core). The chart, a row per
// operation, a failure's request, the mock's answer and the reproduce line
// are visible; the page logs no error and asks for nothing beyond itself (its
// Content-Security-Policy would refuse it, and say so on the console). The
// browser is required: without it the test fails saying how to install it.
// The report on a phone (390 px wide) and a laptop (1,280 px), rendered and
// screenshot at each width: the page never scrolls sideways, every bar of the
// chart is on the screen, and every cell of the coverage table too (on a
// phone each operation's row is a card of named cells; before, the table
// overflowed below ~1,190 px and the bars fell off the screen). One file, one
// browser, one page (test-support/browser/page.ts: a launch is about half a
// second of CPU, and so is each page of Debian's chromium, a window whose
// toolbar is a renderer of its own); each test sets the page's width and opens
// its own file in it, listening to it from before it loads.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ConsoleMessage, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedPage } from "../../test-support/browser/page.js";
import { cli, editFile as edit } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { RESULT_KINDS } from "../contract/coverage.js";
import { htmlReport } from "../contract/report/report-html.js";
import type { SuiteReport } from "../contract/report/report.js";
import type { CaseResult } from "../contract/run.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-report-browser-"));
const browser = sharedPage("the HTML reports");

/** The file's one page, at the width (and height) given: Playwright's default viewport unless told. */
async function pageAt(viewport = { width: 1280, height: 720 }): Promise<Page> {
  const page = await browser.page();
  await page.setViewportSize(viewport);
  return page;
}

afterAll(async () => {
  await browser.close();
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
  /** Stops listening: the page is the next test's. */
  done: () => void;
}

/** The file opened in the page, its console and requests listened to from before it loads until `done()`. */
async function open(file: string): Promise<Opened> {
  const page = await pageAt();
  const problems: string[] = [];
  const requests: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  };
  const onError = (e: Error) => problems.push(`page error: ${e.message}`);
  const onRequest = (r: Request) => requests.push(r.url());
  page.on("console", onConsole).on("pageerror", onError).on("request", onRequest);
  const done = () => page.off("console", onConsole).off("pageerror", onError).off("request", onRequest);
  const url = pathToFileURL(file).href;
  await page.goto(url, { waitUntil: "load" });
  return { page, problems, requests, url, done };
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
      const { page, problems, requests, url, done } = await open(file);
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
        done();
      }
    },
  );

  it("diff --format html: the verdict, the package and each change's row; no console error, no request", async () => {
    const r = await cli(["diff", "--base-dir", "base", "--format", "html", "--fail-on", "breaking"], { cwd: dir });
    expect(r.code).toBe(1);
    const file = join(dir, "reports/diff.html");
    writeFileSync(file, r.stdout);
    const { page, problems, requests, url, done } = await open(file);
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
      done();
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
      const page = await pageAt({ width, height });
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
    },
  );
});
