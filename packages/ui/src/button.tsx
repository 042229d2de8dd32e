// Buttons, and the same look for links that act as buttons (`buttonClasses`), so a navigation
// ("View my orders") and an action ("Order another copy") stand side by side consistently.
// Variants are plain lookup tables: they are on the order page's first load, where every
// hundred bytes counts (BENCHMARKS.md, page weight).
import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx";

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0";
const VARIANT = {
  primary: "bg-brand text-on-brand shadow-card hover:bg-brand-strong",
  secondary: "border border-line-strong bg-surface text-ink hover:bg-surface-muted",
  ghost: "text-brand hover:bg-brand-soft",
} as const;
const SIZE = { md: "", lg: "min-h-12 px-6 text-base", sm: "min-h-9 px-3" } as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANT;
  size?: keyof typeof SIZE;
  /** Full width. */
  block?: boolean;
  className?: string;
}

export function buttonClasses({ variant = "secondary", size = "md", block = false, className }: ButtonStyle = {}): string {
  return cx(BASE, VARIANT[variant], SIZE[size], block && "w-full", className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Omit<ButtonStyle, "className">;

export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, block, className })} {...props} />;
}
