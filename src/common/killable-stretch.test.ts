// A synchronous call of seconds never lets a signal handler run: `generate` on a whole 55 MB document stopped 78 s
// after SIGTERM. Inside a killable stretch the signal ends the process at once; after it, the command's own handler
// has the signal again.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const stretch = new URL("./killable-stretch.ts", import.meta.url).href;
const root = fileURLToPath(new URL("../..", import.meta.url));

/** A process whose own SIGTERM handler exits 143, busy in one synchronous loop of `ms`, then idle. */
function busyProcess(setAsideDuringLoop: boolean, ms: number) {
  const script = `
    import { KillableStretch } from ${JSON.stringify(stretch)};
    process.on("SIGTERM", () => { process.stdout.write("handled\\n"); process.exit(143); });
    const stretch = new KillableStretch();
    stretch.enter();
    ${setAsideDuringLoop ? "" : "stretch.leave();"}
    process.stdout.write("busy\\n");
    for (const until = Date.now() + ${ms}; Date.now() < until; );
    stretch.leave();
    process.stdout.write("done\\n");
    setTimeout(() => {}, 120_000);
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const busy = new Promise<void>((resolve) =>
    child.stdout.on("data", (d: Buffer) => {
      out += String(d);
      if (out.includes("busy\n")) resolve();
    }),
  );
  // At "close", not "exit": the output read to its end (under load Node may tell of the exit before the last chunk).
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return { child, busy, exited, out: () => out };
}

describe("a killable stretch", () => {
  it("lets SIGTERM end the process in the middle of a synchronous call, its handler set aside", async () => {
    // Two minutes: were the handler still there, the signal would wait for the loop's end.
    const p = busyProcess(true, 120_000);
    await p.busy;
    p.child.kill("SIGTERM");
    expect(await p.exited).toEqual({ code: null, signal: "SIGTERM" });
    expect(p.out()).toBe("busy\n");
  });

  it("gives the handlers back when it is left: the signal is the command's own again", async () => {
    const p = busyProcess(false, 300);
    await p.busy;
    p.child.kill("SIGTERM");
    // Handled once the loop ends and the event loop turns (or at once, if it came after): the handler's exit.
    expect(await p.exited).toEqual({ code: 143, signal: null });
    expect(p.out()).toBe("busy\ndone\nhandled\n");
  });
});
