"use client";
// The error boundary of every page. Next loads boundaries with the page, so the view itself
// (./error-view.tsx) is fetched only when a page fails: it stays out of the order page's first
// load (BENCHMARKS.md, page weight).
import { lazy, Suspense } from "react";

const ErrorView = lazy(() => import("./error-view"));

export default function ErrorPage(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorView {...props} />
    </Suspense>
  );
}
