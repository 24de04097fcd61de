// The browser the tests render pages in (the HTML reports, the platforms' pictures): Chromium, driven by
// playwright-core, one browser and one page a test file. CHROMIUM names the executable; without it, Debian's headless
// shell when it is installed (`apt-get install chromium-headless-shell`: the same Blink without a window or its
// toolbar, about a third of the CPU), else Debian's chromium, whose each page is a window whose toolbar is a renderer
// of its own (about half a second of CPU a page): hence one page a file, each test setting its width and opening its
// own document in it.
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** The executables tried in turn when CHROMIUM names none. */
export const CHROMIUM_EXECUTABLES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** The executable to launch; an error saying how to install one when there is none. */
export function chromiumExecutable(what: string, env = process.env): string {
  const named = env.CHROMIUM;
  const found = named ?? CHROMIUM_EXECUTABLES.find((path) => existsSync(path));
  if (found && existsSync(found)) return found;
  throw new Error(
    `${named ? `${named} does not exist` : `neither ${CHROMIUM_EXECUTABLES.join(" nor ")} exists`}: ` +
      `this test renders ${what} in Debian's chromium. ` +
      `Install it (apt-get install chromium-headless-shell, or chromium) or set CHROMIUM to a chromium executable.`,
  );
}

export interface SharedPage {
  /** The file's one page (started by the first test asking: each test fails, not skips, without a browser). */
  page(): Promise<Page>;
  /** Closes the browser, if it started (the file's `afterAll`). */
  close(): Promise<void>;
}

/** One browser and one page for a test file; `options` are the page's (a viewport, a device scale factor). */
export function sharedPage(what: string, options: Parameters<Browser["newPage"]>[0] = {}): SharedPage {
  let browser: Promise<Browser> | undefined;
  let page: Promise<Page> | undefined;
  return {
    page: () => {
      if (!page) {
        const executablePath = chromiumExecutable(what);
        browser = chromium.launch({ executablePath });
        page = browser.then((b) => b.newPage(options));
      }
      return page;
    },
    close: async () => {
      await (await browser?.catch(() => undefined))?.close();
    },
  };
}
