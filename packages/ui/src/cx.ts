// Joins class names, dropping falsy ones (clsx), for components that accept a `className`.
export { clsx as cx, type ClassValue } from "clsx";
