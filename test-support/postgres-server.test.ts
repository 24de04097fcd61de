// The rule the tests' Postgres is started by: its user must enter every folder
// on the way to its binaries, or they are copied where it can, or the error
// names the folder and the rule (a clone inside `mktemp -d` as root).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedOnTheWay, reachableBinaries, type ServerUser } from "./postgres-server.js";

// Made before the tests, not as the module loads: a `-t` filter that skips them all runs no afterAll.
let hidden = "";
let me: { uid: number; gid: number };
/** Someone who is neither the owner of `hidden` nor in its group. */
let other: ServerUser;
let native = "";
beforeAll(() => {
  hidden = mkdtempSync(join(tmpdir(), "zq-owner-only-")); // mode 0700
  me = statSync(hidden);
  other = { name: "zqnobody", uid: me.uid + 4242, gid: me.gid + 4242, groups: [], switched: false };
  native = join(hidden, "node_modules", "native");
  mkdirSync(join(native, "bin"), { recursive: true });
  writeFileSync(join(native, "bin", "initdb"), "");
});
afterAll(() => rmSync(hidden, { recursive: true, force: true }));

describe("a folder on the way to the server's binaries", () => {
  it("that only its owner may enter blocks another user, named with its mode and owner", () => {
    expect(blockedOnTheWay(native, other)).toEqual({ path: hidden, mode: 0o700, owner: me.uid });
  });

  it("blocks neither its owner nor, once the group may enter it, a member of its group", () => {
    const member = { ...other, groups: [me.gid] };
    expect(blockedOnTheWay(native, { uid: me.uid, gid: me.gid, groups: [] })).toBeUndefined();
    expect(blockedOnTheWay(native, member)).toEqual({ path: hidden, mode: 0o700, owner: me.uid });
    chmodSync(hidden, 0o710);
    try {
      expect(blockedOnTheWay(native, member)).toBeUndefined();
      expect(blockedOnTheWay(native, other)).toEqual({ path: hidden, mode: 0o710, owner: me.uid });
    } finally {
      chmodSync(hidden, 0o700);
    }
  });

  it("that blocks the user has the binaries copied into the server's folder the user may enter", () => {
    const scratch = mkdtempSync(join(tmpdir(), "zq-scratch-"));
    try {
      // The scratch folder as startPostgres makes it: others may enter.
      chmodSync(scratch, 0o755);
      const copy = reachableBinaries(native, scratch, other);
      expect(copy).toBe(join(scratch, "native"));
      expect(statSync(join(copy, "bin", "initdb")).isFile()).toBe(true);
      expect(blockedOnTheWay(copy, other)).toBeUndefined();
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("and on the way to the copy too fails naming both folders and the rule, copying nothing", () => {
    const scratch = join(hidden, "scratch");
    mkdirSync(scratch, { mode: 0o755 });
    const blocked = `${hidden} (mode 0700, owner uid ${me.uid})`;
    expect(() => reachableBinaries(native, scratch, other)).toThrow(
      `the user zqnobody (uid ${other.uid}), who cannot enter ${blocked} on the way to its binaries ${native}, ` +
        `nor ${blocked} on the way to ${scratch}, where they would be copied: every folder on the way must let that ` +
        "user enter it (x for others). Set TMPDIR to a folder every user may enter",
    );
    expect(existsSync(join(scratch, "native"))).toBe(false);
  });
});
