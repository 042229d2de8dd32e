// Buttons, and the same look for links that act as buttons (`buttonClasses`), so a navigation
// ("View my orders") and an action ("Order another copy") stand side by side consistently.
import { cva, type VariantProps } from "class-variance-authority";
import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx";

export const buttonClasses = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-brand text-on-brand shadow-card hover:bg-brand-strong",
        secondary: "border border-line-strong bg-surface text-ink hover:bg-surface-muted",
        ghost: "text-brand hover:bg-brand-soft",
      },
      size: { md: "", lg: "min-h-12 px-6 text-base", sm: "min-h-9 px-3" },
      block: { true: "w-full", false: "" },
    },
    defaultVariants: { variant: "secondary", size: "md", block: false },
  },
);

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & VariantProps<typeof buttonClasses>;

export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cx(buttonClasses({ variant, size, block }), className)} {...props} />;
}
