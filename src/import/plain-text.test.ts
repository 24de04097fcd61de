// add's drafted first sentence, title and short text read where a sentence ends by the one splitter
// (load/text/sentences.ts) on the plain text: "e.g." ends none, nor a period inside a code span.
import { describe, expect, it } from "vitest";
import { firstSentence, shortText, titleText } from "./plain-text.js";

describe("plain text's sentences", () => {
  it("add's drafted first sentence and title read it through the plain text (a code span's period ends none)", () => {
    expect(firstSentence("<p>Send `a. b` as the zq header. Then call.</p>", 200)).toBe("Send a. b as the zq header.");
    expect(firstSentence("Creates a zq widget, e.g. a gadget. More.", 200)).toBe("Creates a zq widget, e.g. a gadget.");
    expect(titleText("Get a zq widget, e.g. a gadget. More.", 80)).toBe("Get a zq widget, e.g. a gadget");
    expect(titleText("**New to zq?** Start here.", 80)).toBeUndefined();
    expect(shortText("Creates a zq widget, e.g. a gadget. Then it lists every other widget of the account.", 60)).toBe(
      "Creates a zq widget, e.g. a gadget.",
    );
  });

  // issue 59: shortText on a whole text cut at a code span's period (`zq. Settings`), half a literal left.
  it("shortText keeps a code span whole: its period ends no sentence, its space is no place to cut", () => {
    const text = "Reads the zq widget as the header `zq. Settings here` names it. Then it lists every other widget.";
    expect(shortText(text, 70)).toBe("Reads the zq widget as the header zq. Settings here names it.");
    expect(shortText(text, 55)).toBe("Reads the zq widget as the header zq. Settings here…");
    expect(shortText("Reads the zq widget named by `a zq header value that is long` and more", 50)).toBe(
      "Reads the zq widget named by…",
    );
  });

  // A badge (an image inside a link, `[![](badge.svg)](run-link)`) was read as a link whose words were "![", leaving
  // "![](https://…)" in the drafted description (Bolt's "Run in Postman" button).
  it("drops an image, and a badge (an image inside a link), keeping an image's words and a link's", () => {
    expect(firstSentence("Zq: [![](https://zq.test/b.svg)](https://zq.test/run?a=1) keeps items. More.", 200)).toBe(
      "Zq: keeps items.",
    );
    expect(firstSentence('![Zq logo](https://zq.test/l.png "Zq") [Zq](https://zq.test) keeps items.', 200)).toBe(
      "Zq logo Zq keeps items.",
    );
  });

  // Bolt's description: a label, its badge, then `## About` and the sentence: the first sentence read "Postman
  // Collection: About A comprehensive …". A heading is a title, not the text's words; a label whose paragraph after it
  // held only a picture introduces nothing left.
  it("reads the first sentence past headings, and past a label whose picture is gone", () => {
    const bolt =
      "Zq Collection:\n\n[![](https://zq.test/b.svg)](https://zq.test/run)\n\n## About\n A zq reference. More.";
    expect(firstSentence(bolt, 200)).toBe("A zq reference.");
    expect(firstSentence("# Introduction\nThe zq API keeps items. More.", 200)).toBe("The zq API keeps items.");
    expect(firstSentence("Zq keeps items:\n\n- widgets\n- gadgets", 200)).toBe("Zq keeps items: widgets gadgets");
  });
});

// A document whose description opened with a renderer's directive, an HTML comment its converter had escaped
// ("# Authentication\n\n&lt;!-- Zq-Inject: &lt;security-definitions&gt; --&gt;"): add drafted the comment as the
// block's description, "<!-- Zq-Inject: <security-definitions> -->". A comment, as written or escaped, is no text.
describe("plain text's HTML comments", () => {
  it("are left out, written as they are or with entities", () => {
    const escaped = "# Zq\n\n&lt;!-- Zq-Inject: &lt;zq-definitions&gt; --&gt;";
    expect(firstSentence(escaped, 200)).toBe("");
    expect(firstSentence(`${escaped}\n\nThe zq API keeps items. More.`, 200)).toBe("The zq API keeps items.");
    expect(firstSentence("<!-- zq: <b>x</b>\n -->Keeps <b>zq</b> items.", 200)).toBe("Keeps zq items.");
    // Text about a comment, not one, stays.
    expect(firstSentence("Reads `<!-- zq -->` marks as text.", 200)).toBe("Reads <!-- zq --> marks as text.");
  });
});

// A published filter's description: "Example of filtering by time range __gte__2017-03-14T07:30:00Z__" read as bold
// "gte" and a stray "__" after the date ("gte2017-03-14T07:30:00Z__"). Underscores inside a word open or close no
// emphasis (CommonMark): the bold is the whole "gte__2017-…Z"; asterisks may close inside a word.
describe("plain text's emphasis", () => {
  it("reads double underscores inside a word as text, double asterisks as marks anywhere", () => {
    expect(shortText("Filter by time range __gte__2017-03-14T07:30:00Z__ on zq.", 200)).toBe(
      "Filter by time range gte__2017-03-14T07:30:00Z on zq.",
    );
    expect(shortText("Sends zq__id__ and __zq__ and a**zq**b as __bold words__.", 200)).toBe(
      "Sends zq__id__ and zq and azqb as bold words.",
    );
  });
});
