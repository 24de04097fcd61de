import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import { n8nPackageFiles } from "./n8n-package.js";
import { actionText, descriptionText, displayName, optionName, placeholderText, valueOptions } from "./n8n-wording.js";

describe("n8n's wording", () => {
  it("gives display names in title case, small words lowercase but first and last, ID/URL/JSON in capitals", () => {
    expect(displayName("the book id to look up")).toBe("The Book ID to Look Up");
    expect(displayName("callback url\n  of the  hook")).toBe("Callback URL of the Hook");
    expect(displayName("raw json")).toBe("Raw JSON");
    // A word with a capital inside, or a dot, stays as written; a blank name is a name.
    expect(displayName("iPhone v2.1 build")).toBe("iPhone v2.1 Build");
    expect(displayName("  ")).toBe("Value");
    expect(optionName("*")).toBe("[All]");
  });

  it("names a snake_case value's option by its words, its sign kept, unless two options would share a name", () => {
    const names = (values: unknown[]) => valueOptions(values).map((o) => o.name);
    expect(names(["-zq_created_at", "zq_original_id", "zqname", "zq-large", 2])).toEqual([
      "-Zq Created At",
      "Zq Original ID",
      "Zqname",
      "Zq-Large",
      "2",
    ]);
    expect(valueOptions(["zq_sort"])).toEqual([{ name: "Zq Sort", value: "zq_sort" }]);
    // `zq_a` and `zq a` would both read "Zq A": each keeps its display name as written.
    expect(names(["zq_a", "zq a"])).toEqual(["Zq_a", "Zq A"]);
  });

  it("gives an operation's action in sentence case, words all in capitals kept", () => {
    expect(actionText("List Books By Author")).toBe("List books by author");
    expect(actionText("Run SQL query (beta)")).toBe("Run SQL query beta");
    expect(actionText("…")).toBe("Run");
    // The linter leaves out words all in capitals, a one-letter "A" too, and checks the rest.
    expect(actionText("a book by title")).toBe("A Book by title");
  });

  it("leaves a title's accents off its action, as the linter's sentence case reads such a letter as a break", () => {
    expect(actionText("Vérifier la validité d'un numéro")).toBe("Verifier la validite d un numero");
    expect(actionText("Retourne les SMS envoyés")).toBe("Retourne les SMS envoyes");
    expect(actionText("Añadir una canción")).toBe("Anadir una cancion");
    expect(actionText("Größe ändern")).toBe("Grosse andern");
    // Letters the linter's sentence case reads as letters: ASCII ones alone.
    for (const title of ["Vérifier la validité", "Œuvre d'art", "Łódź"]) expect(actionText(title)).toMatch(/^[ -~]+$/);
  });

  it("gives descriptions as the linter counts sentences, booleans starting with Whether, brackets encoded", () => {
    expect(descriptionText("the book's id.", "Book")).toBe("The book's ID");
    expect(descriptionText("First sentence. Second one", "X")).toBe("First sentence. Second one.");
    // The linter takes out "e.g." as written, before counting: capitalised, it ends a sentence.
    expect(descriptionText("a list, e.g. one. ", "X")).toBe("A list, e.g. one");
    // A final period after a space (a health exchange's "by the serviceId provided ."): no space left at the end.
    expect(descriptionText("details by the zq provided .", "X")).toBe("Details by the zq provided");
    expect(descriptionText("One. Two .", "X")).toBe("One. Two.");
    expect(descriptionText("e.g. a comma separated list.", "X")).toBe("E.g. a comma-separated list.");
    expect(descriptionText("include drafts", "Drafts", true)).toBe("Whether: include drafts");
    expect(descriptionText("a <b> tag", "X")).toBe("A &lt;b&gt; tag");
    // Nothing more than the name, or a phrase the linter takes for saying nothing: no description.
    expect(descriptionText("Book title.", "book title")).toBeUndefined();
    expect(descriptionText("The operation to perform", "Operation")).toBeUndefined();
    // "The " and a final period are not read as words of their own (walmart.com's feedType: "The feed Type").
    expect(descriptionText("The feed Type", "Feed Type")).toBeUndefined();
    expect(descriptionText("the zq shelf.", "Zq Shelf")).toBeUndefined();
    expect(descriptionText("Theme of the zq shelf", "Zq Shelf")).toBe("Theme of the zq shelf");
    expect(placeholderText("an\nid")).toBe("an ID");
  });

  it("leaves code's words as written: in a code span, an expression, or joined to $ or a dot", () => {
    // A description is HTML in n8n's editor: a character reference shows the letter, and the linter does not read
    // it as a miscased word.
    const j = "&#106;";
    expect(descriptionText("Use {{ $json.zqid }} or `item.url`; the id and url.", "X")).toBe(
      `Use {{ $${j}son.zqid }} or \`item.&#117;rl\`; the ID and URL`,
    );
    expect(descriptionText("From $json or item.id, else id.", "X")).toBe(`From $${j}son or item.&#105;d, else ID`);
    expect(descriptionText("the json id_key", "X")).toBe("The JSON id_key");
    expect(placeholderText("{{ $json.id }}")).toBe("{{ $json.ID }}");
    expect(displayName("zq json")).toBe("Zq JSON");
  });

  it("gives back what it gave, given it again", () => {
    const texts = [
      "the book id to look up",
      "List Books By Author",
      "First sentence. Second one",
      "include drafts",
      "a <b> tag",
      "e.g. a comma separated list.",
      "iPhone v2.1 build",
      "https://example.com/a",
      "use {{ $json.id }} or `item.url`",
    ];
    for (const t of texts) {
      expect(displayName(displayName(t))).toBe(displayName(t));
      expect(actionText(actionText(t))).toBe(actionText(t));
      const d = descriptionText(t, "Name", true);
      expect(d && descriptionText(d, "Name", true)).toBe(d);
    }
  });

  it("names the credential type with the provider's name ending in API once, as n8n's linter wants it", () => {
    const ir = irFixture("zqpayments") as unknown as ProviderIR;
    const context = {
      name: "@zq/n8n-nodes-zqpayments",
      version: "1.0.0",
      provider: { name: "@zq/zqpayments", range: "^1.0.0" },
      runtime: { name: "@zq/rt", range: "^1.0.0" },
      author: "Zq Tester <zq@example.test>",
    };
    const credentialOf = (name: string) => {
      const files = n8nPackageFiles({ ...ir, name }, context);
      const credential = [...files].find(([path]) => path.startsWith("credentials/"))![1];
      return [
        credential.match(/displayName = "([^"]*)"/)?.[1],
        files.get("README.md")?.match(/## Credential: (.*)/)?.[1],
      ];
    };
    // A name that ends in the word already (a document's title, `Zq Store API`) was given a second: "… API API".
    expect(credentialOf("Zq Store API")).toEqual(["Zq Store API", "Zq Store API"]);
    expect(credentialOf("zq ledger api")).toEqual(["Zq Ledger API", "Zq Ledger API"]);
    expect(credentialOf("Zq Rapid")).toEqual(["Zq Rapid API", "Zq Rapid API"]);
  });
});
