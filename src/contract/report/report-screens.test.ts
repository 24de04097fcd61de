// The HTML report on a phone (390 px wide) and a laptop (1,280 px), rendered
// in Chromium (Debian's; playwright-core drives it) and screenshot at each
// width: the page never scrolls sideways, every bar of the chart is on the
// screen, and every cell of the coverage table too (on a phone each
// operation's row is a card of named cells; before, the table overflowed
// below ~1,190 px and the bars fell off the screen). The browser is required:
// without it the test fails saying how to install it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { RESULT_KINDS } from "../coverage.js";
import type { CaseResult } from "../run.js";
import { htmlReport } from "./report-html.js";
import type { SuiteReport } from "./report.js";

/** Debian's chromium (`apt-get install chromium`); CHROMIUM names another build of it. */
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const tmp = mkdtempSync(join(tmpdir(), "blockwright-report-screens-"));
let browser: Promise<Browser> | undefined;
afterAll(async () => {
  await (await browser?.catch(() => undefined))?.close();
  rmSync(tmp, { recursive: true, force: true });
});

function started(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} does not exist: this test renders the HTML report in Debian's chromium. Install it (apt-get ` +
        `install chromium) or set CHROMIUM to a chromium executable.`,
    );
  browser ??= chromium.launch({ executablePath: CHROMIUM });
  return browser;
}

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
