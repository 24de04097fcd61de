// A wallet's recovery words as a list of texts (a gRPC gateway's `cipher_seed_mnemonic`, 24 words): a list parameter
// could not be a secret the runtime withholds (it gathered only texts), and add drafted it plain, so the words could
// reach a message, a log or a recording, and a model be asked to fill them. A list of texts may be secret now: each
// item withheld wherever a secret is, and the list written whole; drafted so by its name or description.
import { rmSync } from "node:fs";
import { executeToolDefinition, secretTexts, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { resolveParamReferences } from "../../cli/support/references.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const WORDS = ["abandon", "zqability", "absent", "zqabsorbing"];

function document(): Json {
  const body = {
    type: "object",
    properties: {
      wallet_password: { type: "string" },
      cipher_seed_mnemonic: { type: "array", items: { type: "string" } },
      words: { type: "array", items: { type: "string" }, description: "The wallet's 24-word recovery phrase." },
      tags: { type: "array", items: { type: "string" }, description: "Labels of the wallet." },
      shared_cookies: {
        type: "array",
        items: { type: "object", properties: { zqhost: { type: "string" }, zqpath: { type: "string" } } },
        description: "Cookies the wallet's sites share.",
      },
      sizes: { type: "array", items: { type: "integer" }, description: "Sizes of the wallet's accounts." },
      limits: { type: "object", properties: { daily: { type: "integer" } }, description: "The wallet's limits." },
    },
  };
  const op = {
    operationId: "initZqWallet",
    requestBody: { content: { "application/json": { schema: body } } },
    responses: {
      "200": reply({ type: "object", properties: { seed: { type: "array", items: { type: "string" } } } }),
      "400": reply({ type: "object", properties: { message: { type: "string" } } }),
    },
  };
  return openapi({ "/v1/zqinitwallet": { post: op } });
}

async function walletTool(): Promise<ToolSpec> {
  const d = drafted(document(), ["initZqWallet"]);
  expect(await linkProblems(d)).toEqual([]);
  return (await linkedTools(d)).find((t) => t.operationId === "initZqWallet") as ToolSpec;
}

const OK = { accessToken: "zq-token-0001", wallet_password: "zq-password-0001" };

describe("a list of texts that is secret", () => {
  it("is drafted secret by its name or its description; a plain list stays plain", () => {
    const d = drafted(document(), ["initZqWallet"]);
    const params = d.manifest.operations.acme_init_zq_wallet?.params ?? {};
    for (const name of ["cipher_seed_mnemonic", "words"])
      expect(params[name]).toMatchObject({ type: "json", jsonType: "array", secret: true, visibility: "user-only" });
    expect(params.tags).not.toHaveProperty("secret");
    // A list of records named as secrets is no list of texts, which only a secret list may be (BW2012 otherwise).
    expect(params.shared_cookies).toMatchObject({ type: "json", jsonType: "array" });
    expect(params.shared_cookies).not.toHaveProperty("secret");
    expect(notesAt(d, "operations.acme_init_zq_wallet.params.words")).toEqual([
      "named or described as a wallet's recovery words, a list of texts each of whose items is withheld: drafted " +
        "secret, set by a person",
    ]);
  });

  it("each item and the whole list withheld from an upstream's error and the outputs", async () => {
    const tool = await walletTool();
    expect(tool.params.find((p) => p.name === "cipher_seed_mnemonic")).toMatchObject({ secret: true });
    const echo = `bad seed ${WORDS.join(" ")}; ${JSON.stringify(WORDS)}; word zqabsorbing`;
    const failing = scriptedFetch(json(400, { message: echo }));
    const input = { ...OK, cipher_seed_mnemonic: WORDS };
    const failed = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(failed.success).toBe(false);
    const shown = JSON.stringify(failed);
    for (const item of ["zqability", "zqabsorbing", "abandon zqability", '\\"abandon\\"'])
      expect(shown).not.toContain(item);
    expect(shown).toContain("[redacted]");
    const answering = scriptedFetch(json(200, { seed: WORDS }));
    const answered = await executeToolDefinition(tool, input, {
      baseUrl: "http://127.0.0.1:9",
      fetch: answering.fetch,
    });
    expect(JSON.stringify(answered)).not.toContain("zqabsorbing");
  });

  it("a refusal of its value withholds it", async () => {
    const tool = await walletTool();
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const refused = await executeToolDefinition(tool, { ...OK, words: ["zqabsorbing", 7] }, { fetch });
    expect(refused.success).toBe(false);
    expect(seen).toHaveLength(0);
    expect(JSON.stringify(refused)).not.toContain("zqabsorbing");
    // Text that is no JSON: the parser's excerpt of it withheld too, however short the text.
    const unparsed = await executeToolDefinition(tool, { ...OK, words: "'zq'" }, { fetch });
    expect(unparsed).toMatchObject({ success: false, error: { param: "words", rule: "json" } });
    expect(JSON.stringify(unparsed)).not.toContain("zq'");
  });

  it("given on the command line only as a reference: a literal refused, a variable's JSON text read", () => {
    const names = new Set(["words"]);
    expect(() => resolveParamReferences({ words: JSON.stringify(WORDS) }, names, {})).toThrow(
      /words is a secret: pass it as a reference to an environment variable.*the literal value given was not used/,
    );
    const env = { ZQ_WORDS: JSON.stringify(WORDS) };
    expect(resolveParamReferences({ words: "{{ZQ_WORDS}}" }, names, env)).toEqual({ words: JSON.stringify(WORDS) });
    // The variable's text, as a workflow's run withholds it: the text, each item, the list written whole.
    expect(secretTexts(env.ZQ_WORDS)).toEqual([
      env.ZQ_WORDS,
      ...WORDS,
      WORDS.join(" "),
      WORDS.join(","),
      JSON.stringify(WORDS),
    ]);
  });

  it("of any other value is refused by generate, naming the parameter and the rule", async () => {
    const d = drafted(document(), ["initZqWallet"]);
    const secret = (name: string) => (text: string) =>
      text.replace(new RegExp(`^( {6}${name}:\n)`, "m"), "$1        secret: true\n        visibility: user-only\n");
    expect(await linkProblems({ ...d, manifestText: secret("tags")(d.manifestText) })).toEqual([]);
    for (const [name, kind] of [
      ["sizes", "json (array of integer)"],
      ["limits", "json (object)"],
    ] as const) {
      const manifestText = secret(name)(d.manifestText);
      expect(manifestText).not.toBe(d.manifestText);
      expect(await linkProblems({ ...d, manifestText })).toEqual([
        expect.stringMatching(
          new RegExp(
            `operations\\.acme_init_zq_wallet\\.params\\.${name}\\.secret: a secret parameter must be a text or a ` +
              `list of texts \\(type: json, jsonType: array, its items strings\\), not ` +
              `${kind.replace(/[()]/g, "\\$&")}$`,
          ),
        ),
      ]);
    }
  });
});
