// Document generation (Gamma v1.0) against its Prism mock.
import { describe, expect, it } from "vitest";
import {
  example as specExample,
  call,
  describeErrorStatuses,
  expectDocumentedShape,
  expectFailure,
  expectNoViolation,
  expectQueryKeys,
  expectSuccess,
  tool,
} from "../test-support/harness.js";

const KEY = "sk-gamma-7Hq2xLm9Qp4Vt8Rz";
const valid = {
  docgen_generate: () => ({
    apiKey: KEY,
    inputText: "Quarterly business review: revenue up 18%",
    textMode: "generate",
  }),
  docgen_generate_from_template: () => ({
    apiKey: KEY,
    gammaId: "g_4tq8vz1k0b",
    prompt: "Adapt this one-pager for Northwind Traders",
  }),
  docgen_check_status: () => ({ apiKey: KEY, generationId: "abc123xyz" }),
  docgen_list_themes: () => ({ apiKey: KEY }),
  docgen_list_folders: () => ({ apiKey: KEY }),
};

// Gamma errors: {message, statusCode}, with no error code of their own.
const gammaError = (body: unknown) => ({ message: (body as { message: string }).message });
const example = (operationId: string, status: string, name: string) => specExample("docgen", operationId, status, name);

describe("docgen_generate", () => {
  it("POSTs the minimal body with X-API-KEY, textMode always sent, format defaulted", async () => {
    const { result, calls } = await call("docgen_generate", valid.docgen_generate());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("POST");
    expect(c.url.pathname).toBe("/v1.0/generations");
    expectQueryKeys(c, tool("docgen_generate"), []);
    expect(c.headers.get("x-api-key")).toBe(KEY);
    expect(c.headers.get("authorization")).toBeNull();
    // No empty textOptions/imageOptions/cardOptions: nothing was placed in them.
    expect(c.body).toEqual({
      inputText: "Quarterly business review: revenue up 18%",
      textMode: "generate",
      format: "presentation",
    });
    expect(output).toEqual({ generationId: "abc123xyz" });
    expectDocumentedShape(tool("docgen_generate"), output);
  });

  it("nests every flat option exactly where Gamma expects it", async () => {
    const { result, calls } = await call("docgen_generate", {
      ...valid.docgen_generate(),
      format: "document",
      themeId: "abcdefghi",
      numCards: 12,
      cardSplit: "auto",
      cardDimensions: "letter",
      additionalInstructions: "Open with an agenda card.",
      exportAs: "pdf",
      folderIds: " fld_7h2k9q4m, fld_3n8x1p0v ,, ",
      textAmount: "detailed",
      textTone: "confident, concise",
      textAudience: "executive leadership",
      textLanguage: "EN-GB",
      imageSource: "aiGenerated",
      imageModel: "imagen-4-pro",
      imageStyle: "clean flat illustrations",
    });
    expectSuccess(result);
    expectNoViolation(calls[0]!);
    expect(calls[0]!.body).toEqual({
      inputText: "Quarterly business review: revenue up 18%",
      textMode: "generate",
      format: "document",
      themeId: "abcdefghi",
      numCards: 12,
      cardSplit: "auto",
      additionalInstructions: "Open with an agenda card.",
      exportAs: "pdf",
      folderIds: ["fld_7h2k9q4m", "fld_3n8x1p0v"],
      textOptions: {
        amount: "detailed",
        tone: "confident, concise",
        audience: "executive leadership",
        language: "en-gb",
      },
      imageOptions: { source: "aiGenerated", model: "imagen-4-pro", style: "clean flat illustrations" },
      cardOptions: { dimensions: "letter" },
    });
  });

  it("maps warnings when Gamma sends them", async () => {
    const { result } = await call("docgen_generate", valid.docgen_generate(), { prefer: "example=withWarnings" });
    const body = example("createGeneration", "200", "withWarnings") as { generationId: string; warnings: string };
    expect(expectSuccess(result)).toEqual({ generationId: body.generationId, warnings: body.warnings });
  });

  for (const [format, dims, allowed] of [
    ["presentation", "letter", "fluid, 16x9, 4x3"],
    ["document", "16x9", "fluid, pageless, letter, a4"],
    ["social", "fluid", "1x1, 4x5, 9x16"],
  ] as const) {
    it(`refuses cardDimensions ${dims} for ${format}, listing the valid values`, async () => {
      const { result, calls } = await call("docgen_generate", {
        ...valid.docgen_generate(),
        format,
        cardDimensions: dims,
      });
      expect(expectFailure(result)).toMatchObject({
        type: "validation",
        param: "cardDimensions",
        rule: "allowedValues",
        message: `cardDimensions: must be one of ${allowed} when format is ${format}, got "${dims}"`,
      });
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses any cardDimensions for a webpage, and for the default format applies presentation's", async () => {
    const webpage = await call("docgen_generate", {
      ...valid.docgen_generate(),
      format: "webpage",
      cardDimensions: "fluid",
    });
    expect(expectFailure(webpage.result)).toMatchObject({
      param: "cardDimensions",
      message: 'cardDimensions: must be left out when format is webpage, got "fluid"',
    });
    const defaulted = await call("docgen_generate", { ...valid.docgen_generate(), cardDimensions: "1x1" });
    expect(expectFailure(defaulted.result)).toMatchObject({ param: "cardDimensions", rule: "allowedValues" });
    const fits = await call("docgen_generate", { ...valid.docgen_generate(), cardDimensions: "16x9" });
    expectSuccess(fits.result);
    expect(fits.calls[0]!.body).toMatchObject({ format: "presentation", cardOptions: { dimensions: "16x9" } });
  });

  it("refuses imageSource unsplash, naming the accepted values", async () => {
    const { result, calls } = await call("docgen_generate", { ...valid.docgen_generate(), imageSource: "unsplash" });
    expect(expectFailure(result)).toMatchObject({
      param: "imageSource",
      rule: "enum",
      message:
        "imageSource: must be one of aiGenerated, pictographic, webAllImages, webFreeToUse, " +
        'webFreeToUseCommercially, giphy, pexels, placeholder, noImages, themeAccent, got "unsplash"',
    });
    expect(calls).toHaveLength(0);
  });

  it("accepts the upstream's newer values (png export, pexels, themeAccent)", async () => {
    for (const extra of [{ exportAs: "png" }, { imageSource: "pexels" }, { imageSource: "themeAccent" }]) {
      const { result, calls } = await call("docgen_generate", { ...valid.docgen_generate(), ...extra });
      expectSuccess(result);
      expectNoViolation(calls[0]!);
    }
  });

  for (const [param, value, rule] of [
    ["textMode", "outline", "enum"],
    ["format", "poster", "enum"],
    ["cardSplit", "paragraphs", "enum"],
    ["exportAs", "docx", "enum"],
    ["textAmount", "huge", "enum"],
    ["textLanguage", "en-US", "enum"],
    ["numCards", 76, "maximum"],
    ["numCards", 0, "minimum"],
    ["additionalInstructions", "x".repeat(2001), "maxLength"],
    ["inputText", "", "required"],
    ["inputText", "x".repeat(400_001), "maxLength"],
  ] as const) {
    it(`refuses ${param} ${JSON.stringify(value).slice(0, 24)} before any request (${rule})`, async () => {
      const { result, calls } = await call("docgen_generate", { ...valid.docgen_generate(), [param]: value });
      expect(expectFailure(result)).toMatchObject({ type: "validation", param, rule });
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses more than 10 folder ids", async () => {
    const { result, calls } = await call("docgen_generate", {
      ...valid.docgen_generate(),
      folderIds: Array.from({ length: 11 }, (_, i) => `f${i}`).join(","),
    });
    expect(expectFailure(result)).toMatchObject({ param: "folderIds", rule: "maxItems" });
    expect(calls).toHaveLength(0);
  });
});

describe("docgen_generate_from_template", () => {
  it("sends only its own fields, image options nested", async () => {
    const { result, calls } = await call("docgen_generate_from_template", {
      ...valid.docgen_generate_from_template(),
      themeId: "abcdefghi",
      exportAs: "pptx",
      folderIds: "fld_7h2k9q4m",
      imageModel: "flux-2-pro",
      imageStyle: "photographic, warm light",
    });
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("POST");
    expect(c.url.pathname).toBe("/v1.0/generations/from-template");
    expect(c.headers.get("x-api-key")).toBe(KEY);
    expect(c.body).toEqual({
      gammaId: "g_4tq8vz1k0b",
      prompt: "Adapt this one-pager for Northwind Traders",
      themeId: "abcdefghi",
      exportAs: "pptx",
      folderIds: ["fld_7h2k9q4m"],
      imageOptions: { model: "flux-2-pro", style: "photographic, warm light" },
    });
    expect(output).toEqual({ generationId: "abc123xyz" });
    expectDocumentedShape(tool("docgen_generate_from_template"), output);
  });

  it("has no text, card or image-source options", async () => {
    const { result, calls } = await call("docgen_generate_from_template", {
      ...valid.docgen_generate_from_template(),
      textAmount: "brief",
    });
    expect(expectFailure(result)).toMatchObject({ param: "textAmount", rule: "unknown" });
    expect(calls).toHaveLength(0);
  });
});

describe("docgen_check_status", () => {
  it("GETs the job and maps a completed one", async () => {
    const { result, calls } = await call("docgen_check_status", valid.docgen_check_status());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/v1.0/generations/abc123xyz");
    expectQueryKeys(c, tool("docgen_check_status"), []);
    expect(c.headers.get("x-api-key")).toBe(KEY);
    const body = example("getGenerationStatus", "200", "completed") as Record<string, unknown>;
    expect(output).toEqual({
      generationId: body.generationId,
      status: "completed",
      gammaUrl: body.gammaUrl,
      gammaId: body.gammaId,
      exportUrl: body.exportUrl,
      credits: body.credits,
    });
    expectDocumentedShape(tool("docgen_check_status"), output);
  });

  it("maps a pending job to generationId and status only", async () => {
    const { result } = await call("docgen_check_status", valid.docgen_check_status(), { prefer: "example=pending" });
    expect(expectSuccess(result)).toEqual({ generationId: "abc123xyz", status: "pending" });
  });

  it("maps a failed job with its error and credits", async () => {
    const { result } = await call("docgen_check_status", valid.docgen_check_status(), { prefer: "example=failed" });
    const body = example("getGenerationStatus", "200", "failed") as {
      error: { message: string; statusCode: number };
      credits: unknown;
    };
    const output = expectSuccess(result);
    expect(output).toMatchObject({ status: "failed", error: body.error, credits: body.credits });
    expect(output).not.toHaveProperty("gammaUrl");
  });

  it("declares how the runner polls it", () => {
    expect(tool("docgen_check_status").polling).toEqual({
      output: "status",
      pending: ["pending"],
      terminal: ["completed", "failed"],
      intervalMs: 5000,
      minIntervalMs: 1000,
      timeoutMs: 600000,
    });
  });
});

describe.each([
  ["docgen_list_themes", "listThemes", "themes", "/v1.0/themes"],
  ["docgen_list_folders", "listFolders", "folders", "/v1.0/folders"],
] as const)("%s", (id, operationId, listName, path) => {
  it("GETs a page with query, limit and after, and renames data", async () => {
    const { result, calls } = await call(id, { apiKey: KEY, query: "brand", limit: 50, after: "cursor_123" });
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.url.pathname).toBe(path);
    expectQueryKeys(c, tool(id), ["query", "limit", "after"]);
    expect(c.url.searchParams.get("limit")).toBe("50");
    expect(c.headers.get("x-api-key")).toBe(KEY);
    const page = example(operationId, "200", "firstPage") as { data: unknown[]; nextCursor: string };
    expect(output).toEqual({ [listName]: page.data, hasMore: true, nextCursor: page.nextCursor });
    expectDocumentedShape(tool(id), output);
  });

  it("leaves nextCursor out on the last page (null upstream)", async () => {
    const { result } = await call(id, { apiKey: KEY }, { prefer: "example=lastPage" });
    const output = expectSuccess(result);
    expect(output.hasMore).toBe(false);
    expect(output).not.toHaveProperty("nextCursor");
  });

  it("with allPages, sends each nextCursor back as after while hasMore, and gathers the list", async () => {
    // The mock answers its first page, and its last page once a cursor is sent.
    const { result, calls } = await call(
      id,
      { apiKey: KEY, limit: 2 },
      {
        allPages: true,
        prefer: (request) => (new URL(request.url).searchParams.has("after") ? "example=lastPage" : undefined),
      },
    );
    const first = example(operationId, "200", "firstPage") as { data: unknown[]; nextCursor: string };
    const last = example(operationId, "200", "lastPage") as { data: unknown[] };
    calls.forEach(expectNoViolation);
    expect(calls.map((c) => c.search)).toEqual(["?limit=2", `?limit=2&after=${first.nextCursor}`]);
    expect(calls[1]!.headers.get("x-api-key")).toBe(KEY);
    expect(result).toEqual({
      success: true,
      output: { [listName]: [...first.data, ...last.data], hasMore: false },
      pages: { count: 2, items: first.data.length + last.data.length, complete: true },
    });
  });
});

describe("docgen errors", () => {
  it("carry Gamma's message, no invented code, and never the key", async () => {
    const { result } = await call("docgen_generate", valid.docgen_generate(), { prefer: "code=401" });
    const error = expectFailure(result);
    expect(error).toMatchObject({ type: "upstream", status: 401, message: "Invalid API key.", retryable: false });
    expect(error.code).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it("treat credit exhaustion (402 and 403) as not retryable", async () => {
    for (const code of [402, 403]) {
      const { result } = await call("docgen_generate", valid.docgen_generate(), { prefer: `code=${code}` });
      expect(expectFailure(result)).toMatchObject({ status: code, retryable: false });
    }
  });
});

for (const id of Object.keys(valid) as (keyof typeof valid)[]) {
  describeErrorStatuses(id, valid[id], gammaError);
}
