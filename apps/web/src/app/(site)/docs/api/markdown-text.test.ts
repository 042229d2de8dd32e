// What the Markdown of a description becomes: elements for code, emphasis, links and lists,
// and never markup taken from the text itself.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText } from "./markdown-text";

const html = (text: string, variant?: "block" | "inline" | "label") => renderToStaticMarkup(createElement(MarkdownText, { variant, children: text }));
const tags = (markup: string) => markup.replace(/ class="[^"]*"/g, "");

describe("MarkdownText", () => {
  it("draws code spans, emphasis, links and lists as elements", () => {
    expect(tags(html("Send `Idempotency-Key` *now*, **once**: [spec](/api/v1/openapi.json)\n\n- one\n- `two`"))).toBe(
      '<div><p>Send <code>Idempotency-Key</code> <em>now</em>, <strong>once</strong>: <a href="/api/v1/openapi.json">spec</a></p><ul><li>one</li><li><code>two</code></li></ul></div>',
    );
  });

  it("shows raw HTML as text and keeps only safe link addresses", () => {
    const markup = html(
      'Text <script>alert(1)</script> <img src=x onerror="alert(1)"> [a](javascript:alert(1)) [b](//evil.example) [c](https://ok.example) [d](mailto:api@once.example) [e](#errors)',
    );
    expect(markup).not.toMatch(/<script|<img|href="javascript|href="\/\/evil/);
    expect(markup).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // A text that starts as an HTML block is its own words too.
    expect(html('<div onclick="x()">hi</div>')).toContain("&lt;div onclick=&quot;x()&quot;&gt;hi&lt;/div&gt;");
    for (const href of ["https://ok.example", "mailto:api@once.example", "#errors"]) expect(markup).toContain(`href="${href}"`);
  });

  it("links no bare address (the problem types are names, not pages)", () => {
    expect(tags(html("https://docs.once.example/problems/ followed by the code", "inline"))).toBe("https://docs.once.example/problems/ followed by the code");
  });

  it("keeps a code span's characters as they are", () => {
    expect(tags(html('`a<b>&c` and `"…"`', "inline"))).toBe("<code>a&lt;b&gt;&amp;c</code> and <code>&quot;…&quot;</code>");
  });

  it("inline: no paragraph; label: no link either", () => {
    expect(tags(html("See [Errors](#errors).", "inline"))).toBe('See <a href="#errors">Errors</a>.');
    expect(tags(html("See [Errors](#errors).", "label"))).toBe("See Errors.");
  });
});
