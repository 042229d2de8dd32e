// A guide's cover, served through Next's image optimizer (resized to the width the layout
// needs, WebP/AVIF) as a plain <img>: `getImageProps` computes the optimizer's srcset on the
// server, so next/image's client component (~5 kB gzip) stays out of the order page's first
// load (BENCHMARKS.md, page weight). Width and height reserve the space: no layout shift.
import { getImageProps } from "next/image";
import { preload } from "react-dom";

interface CoverProps {
  src: string;
  /** The widths the layout gives the cover, for the browser to pick a file (as `sizes`). */
  sizes: string;
  className?: string;
  /** The page's largest image: fetched first instead of lazily. */
  priority?: boolean;
}

export function Cover({ src, sizes, className, priority = false }: CoverProps) {
  const { props } = getImageProps({ src, alt: "", width: 960, height: 720, sizes, loading: priority ? "eager" : "lazy", className });
  // The page's largest image is asked for from the document's head, as next/image does for
  // `priority`: the browser fetches it while the rest of the HTML is still arriving, instead of
  // when the parser reaches the <img> (Lighthouse's LCP on the catalog and guide pages).
  if (priority) preload(props.src, { as: "image", imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: "high" });
  // eslint-disable-next-line @next/next/no-img-element -- the props (alt included) are next/image's own
  return <img {...props} fetchPriority={priority ? "high" : "auto"} />;
}
