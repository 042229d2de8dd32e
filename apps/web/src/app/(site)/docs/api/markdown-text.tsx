// Markdown of the OpenAPI texts (and of the page's own words) as React elements, on the server.
// marked parses (its lexer only: one module, so the build's module ids stay as short as they
// were, which every page's first-load JS would otherwise pay for); this file draws the tokens as
// elements, never as an HTML string, so nothing reaches the page through dangerouslySetInnerHTML.
// Raw HTML in a text shows as text; a link keeps only an http(s), mailto, in-page or same-site
// address (any other becomes plain text); anything beyond paragraphs, lists, code spans,
// emphasis and links keeps its text without its element.
import { Fragment, type ReactNode } from "react";
import { Lexer, type Token, type Tokens } from "marked";
import { cx } from "@once/ui";

type Variant = "block" | "inline" | "label";

const SAFE_HREF = /^(https?:|mailto:|#|\/(?!\/))/i;

const codeClass = "rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.875em] [overflow-wrap:anywhere] text-ink";
const linkClass = "text-brand underline underline-offset-2 hover:text-brand-strong";

/** Draws tokens. `variant` "inline" and "label" drop paragraphs and lists (keeping their words); "label" drops links too. */
function draw(tokens: Token[] | undefined, variant: Variant): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{drawOne(token, variant)}</Fragment>);
}

function drawOne(token: Token, variant: Variant): ReactNode {
  switch (token.type) {
    case "paragraph":
      return variant === "block" ? <p className="my-2 first:mt-0 last:mb-0">{draw(token.tokens, variant)}</p> : draw(token.tokens, variant);
    case "list": {
      const items = token.items as Tokens.ListItem[];
      if (variant !== "block") return items.map((item, index) => <Fragment key={index}>{draw(item.tokens, variant)} </Fragment>);
      const drawn = items.map((item, index) => <li key={index}>{draw(item.tokens, variant)}</li>);
      return token.ordered ? <ol className="my-2 list-decimal space-y-1 ps-5">{drawn}</ol> : <ul className="my-2 list-disc space-y-1 ps-5">{drawn}</ul>;
    }
    case "codespan":
    case "code":
      return <code className={codeClass}>{token.text}</code>;
    case "em":
      return <em>{draw(token.tokens, variant)}</em>;
    case "strong":
      return <strong>{draw(token.tokens, variant)}</strong>;
    case "link": {
      const { href } = token as Tokens.Link;
      return variant !== "label" && SAFE_HREF.test(href) ? (
        <a href={href} className={linkClass}>
          {draw(token.tokens, variant)}
        </a>
      ) : (
        draw(token.tokens, variant)
      );
    }
    case "space":
      return null;
    case "br":
      return variant === "block" ? <br /> : " ";
    default:
      // text (its own inline tokens when it has them), escape, html, and the elements not drawn: their words.
      return "tokens" in token && token.tokens?.length ? draw(token.tokens, variant) : "text" in token ? String(token.text) : token.raw;
  }
}

/** `lang`: the text's language where it may differ from the page's (the OpenAPI texts are English), for screen readers. */
export function MarkdownText({
  children,
  variant = "block",
  lang,
  className,
}: {
  children: string | undefined;
  variant?: Variant;
  lang?: string;
  className?: string;
}) {
  if (!children) return null;
  // CommonMark without GitHub's extensions: no bare address becomes a link (the problem types'
  // https://docs.once.example/problems/… are names, not pages anyone can open).
  const text = draw(Lexer.lex(children, { gfm: false }), variant);
  if (variant === "block")
    return (
      <div lang={lang} className={cx("leading-relaxed", className)}>
        {text}
      </div>
    );
  return lang ? <span lang={lang}>{text}</span> : <>{text}</>;
}
