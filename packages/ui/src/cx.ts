// Joins class names, dropping falsy ones. Only strings and conditions (`open && "…"`): clsx's
// objects and arrays were never used, and its code was on every customer page's first load
// (BENCHMARKS.md, page weight); this is the part of it the components need.
export type ClassValue = string | false | null | undefined | 0;

export function cx(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(" ");
}
